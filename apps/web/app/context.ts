import type { SessionUser } from '@hora/core/session';

/**
 * What the server hands every loader and action (React Router's load context). The server builds it
 * per request in apps/server/src/web/ssr.ts.
 */
export interface PublicConfig {
  marketplaceName: string;
  /** Origin of canonical and social URLs, without a trailing slash. */
  publicUrl: string;
  blogUrl: string | undefined;
  social: { facebook?: string; instagram?: string; twitter?: string; linkedin?: string };
  /** Map tiles: a Leaflet URL template, or undefined for markers on a plain background (MAP_TILE_URL=none). */
  /** `fuzzyLocation`: listings' public points and addresses arrive blurred (MAP_FUZZY_LOCATION). */
  maps: { tileUrl: string | undefined; attribution: string; fuzzyLocation: boolean };
}

/** The signed-in person, from the session cookie (details come from `GET /api/session`). */
export type Viewer = Pick<SessionUser, 'id' | 'firstName' | 'lastName'>;

export interface ApiResult<T> {
  status: number;
  data: T;
  /** `Set-Cookie` values the API answered with (a new session, a cleared one): pass them on. */
  cookies: string[];
}

export interface ApiInit {
  method?: string;
  body?: unknown;
  /** Sent as `Idempotency-Key`: a repeated form post (a double click, a retry) runs once. */
  idempotencyKey?: string;
}

export interface WebContext {
  /** The request's CSP nonce: inline scripts without it do not run. */
  nonce: string;
  config: PublicConfig;
  viewer: Viewer | null;
  /**
   * The server's clock (docs/decisions/0016): pages that ask the API about "from now on" (a
   * listing's free time) read the same time the API does, test clock included.
   */
  now: () => Date;
  /**
   * Calls the HTTP API in-process with the visitor's cookies (and, for form posts, the browser's
   * Origin, so the API's cross-site check still applies).
   */
  api: <T = unknown>(path: string, init?: ApiInit) => Promise<ApiResult<T>>;
}

declare module 'react-router' {
  interface AppLoadContext extends WebContext {}
}
