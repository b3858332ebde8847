import type { CspSources } from '../../http/content-security.ts';

/** What the browser's map needs: where tiles come from and whom to credit. No secrets. */
export interface MapTiles {
  /** A Leaflet tile URL template (`{z}/{x}/{y}`), or undefined: the map shows markers without tiles. */
  tileUrl: string | undefined;
  attribution: string;
  contentSecurity: CspSources;
}

/**
 * The map tiles the configuration selects. The tile server's origin is the only one the map adds to
 * the Content-Security-Policy: Leaflet and its markers are served from our own origin.
 */
export function mapTiles(config: { maps: { tileUrl: string | undefined; attribution: string } }): MapTiles {
  const { tileUrl, attribution } = config.maps;
  if (!tileUrl) return { tileUrl: undefined, attribution, contentSecurity: {} };
  // `{s}` subdomains (a.tile…, b.tile…) are one origin per letter; the template's host names them.
  const hosts = tileUrl.includes('{s}')
    ? ['a', 'b', 'c'].map((letter) => tileUrl.replace('{s}', letter))
    : [tileUrl];
  return {
    tileUrl,
    attribution,
    contentSecurity: { images: hosts.map((url) => new URL(url.replaceAll(/[{}]/g, '')).origin) },
  };
}
