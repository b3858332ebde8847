/** Letters NFKD does not decompose into ASCII. */
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/**
 * URL slug of a title: lower case, accents folded ("Cocina Señorial" → "cocina-senorial"),
 * whitespace to hyphens, anything else dropped, 'no-slug' when nothing is left.
 */
export function createSlug(text: string | null | undefined): string {
  const folded = (text ?? '')
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (ch) => SPECIAL_LETTERS[ch] ?? ch)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
  const slug = folded
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.length > 0 ? slug : 'no-slug';
}
