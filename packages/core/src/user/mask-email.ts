const LOCAL_STARS = '****';
const DOMAIN_STARS = '*****';

/**
 * An address shown to someone who may not own it, e.g. the old address told about a change to a new
 * one: `carlos@example.com` → `c****s@e*****.com`. Enough to recognise one's own address, not enough
 * to write to it. The number of stars is fixed so that the mask does not give away the length.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return LOCAL_STARS;
  // Code points, so that a character outside the BMP is never cut in half.
  const local = Array.from(address.slice(0, at));
  const labels = address.slice(at + 1).split('.');
  const topLevel = labels.length > 1 ? labels.pop() : undefined;
  const name = Array.from(labels.join('.'));
  const maskedLocal =
    local.length === 0 ? LOCAL_STARS : `${local[0]}${LOCAL_STARS}${local.length > 2 ? local.at(-1) : ''}`;
  const maskedDomain = `${name[0] ?? ''}${DOMAIN_STARS}${topLevel === undefined ? '' : `.${topLevel}`}`;
  return `${maskedLocal}@${maskedDomain}`;
}
