/**
 * The outside origins one adapter needs in the Content-Security-Policy, by what it loads from them.
 * Each adapter declares its own (captcha, maps, and later payments, analytics, image storage); the
 * policy is built from the adapters the configuration selects, so a marketplace that uses no
 * outside service allows none.
 */
export interface CspSources {
  /** `script-src`: scripts the adapter's browser library loads. */
  scripts?: readonly string[];
  /** `connect-src`: what the browser fetches or opens a socket to. */
  connect?: readonly string[];
  /** `frame-src`: frames the adapter embeds (a captcha challenge, a card form). */
  frames?: readonly string[];
  /** `img-src`: images (map tiles, stored photos on another host). */
  images?: readonly string[];
  /** `style-src`: style sheets. */
  styles?: readonly string[];
}

export type CspDirective = keyof CspSources;
const DIRECTIVES: readonly CspDirective[] = ['scripts', 'connect', 'frames', 'images', 'styles'];

/** Every adapter's origins, per directive, without duplicates and in a stable order. */
export function mergeCspSources(sources: readonly CspSources[]): Record<CspDirective, string[]> {
  const merged = Object.fromEntries(DIRECTIVES.map((directive) => [directive, new Set<string>()])) as Record<
    CspDirective,
    Set<string>
  >;
  for (const source of sources) {
    for (const directive of DIRECTIVES) {
      for (const origin of source[directive] ?? []) merged[directive].add(assertSource(origin));
    }
  }
  return Object.fromEntries(
    DIRECTIVES.map((directive) => [directive, [...merged[directive]].sort()]),
  ) as Record<CspDirective, string[]>;
}

/**
 * An https origin, optionally with a path prefix ending in `/`: nothing that widens the policy
 * (`*`, `https:`, `'unsafe-inline'`), nothing that would end the directive (`;`, spaces). Plain
 * http only on this machine (a MinIO started for development). The one wildcard allowed is the
 * subdomains of a provider's own host of three labels or more (`https://*.js.stripe.com`, where
 * Stripe.js opens its frames), never of a registrable domain (`https://*.stripe.com`).
 */
function assertSource(source: string): string {
  const https = /^https:\/\/[a-z0-9.-]+(:\d+)?(\/[\w./-]*)?$/i;
  const subdomains = /^https:\/\/\*\.[a-z0-9-]+(\.[a-z0-9-]+){2,}$/i;
  const loopback = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/[\w./-]*)?$/i;
  const fixed = (https.test(source) || loopback.test(source)) && !source.includes('*');
  if (!(fixed || subdomains.test(source))) {
    throw new Error(`Not a Content-Security-Policy origin an adapter may add: ${JSON.stringify(source)}`);
  }
  return source;
}
