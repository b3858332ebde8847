import type { PredictOptions } from './port.ts';

export type Locale = PredictOptions['locale'];

/**
 * What a name is compared by: no accents, no case, letters and digits only, single spaces.
 * "A Coruña" → "a coruna", "L'Hospitalet de Llobregat" → "l hospitalet de llobregat",
 * "Vila-real" → "vila real", "Straße" → "strasse".
 */
export function normalizeName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđı]/g, (letter) => LETTERS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Letters that Unicode does not decompose into a base letter and a mark. */
const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ı: 'i' };

/** Spain's autonomous communities and cities by GeoNames admin1 code, as each language names them. */
export const SPANISH_REGIONS: Readonly<Record<string, { es: string; en: string }>> = {
  '51': { es: 'Andalucía', en: 'Andalusia' },
  '52': { es: 'Aragón', en: 'Aragon' },
  '34': { es: 'Principado de Asturias', en: 'Asturias' },
  '07': { es: 'Islas Baleares', en: 'Balearic Islands' },
  '53': { es: 'Canarias', en: 'Canary Islands' },
  '39': { es: 'Cantabria', en: 'Cantabria' },
  '54': { es: 'Castilla-La Mancha', en: 'Castile-La Mancha' },
  '55': { es: 'Castilla y León', en: 'Castile and León' },
  '56': { es: 'Cataluña', en: 'Catalonia' },
  '57': { es: 'Extremadura', en: 'Extremadura' },
  '58': { es: 'Galicia', en: 'Galicia' },
  '27': { es: 'La Rioja', en: 'La Rioja' },
  '29': { es: 'Comunidad de Madrid', en: 'Community of Madrid' },
  '31': { es: 'Región de Murcia', en: 'Region of Murcia' },
  '32': { es: 'Comunidad Foral de Navarra', en: 'Navarre' },
  '59': { es: 'País Vasco', en: 'Basque Country' },
  '60': { es: 'Comunidad Valenciana', en: 'Valencian Community' },
  CE: { es: 'Ceuta', en: 'Ceuta' },
  ML: { es: 'Melilla', en: 'Melilla' },
};

interface OtherNames {
  es?: string;
  en?: string;
  /** Other names people type (co-official, older Spanish forms): found, never shown. */
  aliases?: string[];
}

/**
 * GeoNames names a place in its own language or in English ("Sevilla", "Munich", "Köln"). Places
 * that Spanish or English speakers call otherwise, by GeoNames id; the rest keep their name.
 */
export const OTHER_NAMES: Readonly<Record<number, OtherNames>> = {
  // Spain
  2510911: { en: 'Seville' },
  3119841: { aliases: ['La Coruña'] },
  3104499: { es: 'Vitoria-Gasteiz', en: 'Vitoria-Gasteiz' },
  3110044: { es: 'San Sebastián', en: 'San Sebastián' },
  2519752: { es: 'Castellón de la Plana', aliases: ['Castellón'] },
  2512989: { aliases: ['Palma de Mallorca'] },
  3104324: { aliases: ['Saragossa'] },
  3118514: { aliases: ['Lérida'] },
  3121456: { aliases: ['Gerona'] },
  3114965: { aliases: ['Orense'] },
  2521978: { aliases: ['Alacant'] },
  2518559: { aliases: ['Elx'] },
  2509954: { aliases: ['València'] },
  // Capitals and large cities of Europe
  2643743: { es: 'Londres' },
  2950159: { es: 'Berlín' },
  703448: { es: 'Kiev' },
  3169070: { es: 'Roma' },
  2988507: { es: 'París' },
  683506: { es: 'Bucarest' },
  2911298: { es: 'Hamburgo' },
  756135: { es: 'Varsovia' },
  2761369: { es: 'Viena' },
  2673730: { es: 'Estocolmo' },
  792680: { es: 'Belgrado' },
  2867714: { es: 'Múnich' },
  3173435: { es: 'Milán' },
  3067696: { es: 'Praga' },
  2618425: { es: 'Copenhague' },
  727011: { es: 'Sofía' },
  2964574: { es: 'Dublín' },
  2800866: { es: 'Bruselas' },
  2886242: { es: 'Colonia', en: 'Cologne' },
  3172394: { es: 'Nápoles' },
  3165524: { es: 'Turín' },
  2995469: { es: 'Marsella' },
  3094802: { es: 'Cracovia' },
  264371: { es: 'Atenas' },
  2925533: { es: 'Fráncfort del Meno', en: 'Frankfurt' },
  3176219: { es: 'Génova' },
  2711537: { es: 'Gotemburgo', en: 'Gothenburg' },
  2267057: { es: 'Lisboa' },
  2910831: { es: 'Hannover', en: 'Hanover' },
  2861650: { es: 'Núremberg', en: 'Nuremberg' },
  2935022: { es: 'Dresde' },
  2747373: { es: 'La Haya' },
  2650225: { es: 'Edimburgo' },
  2803138: { es: 'Amberes', en: 'Antwerp' },
  734077: { es: 'Salónica', en: 'Thessaloniki' },
  3176959: { es: 'Florencia' },
  2657896: { es: 'Zúrich', en: 'Zurich' },
  2660646: { es: 'Ginebra', en: 'Geneva' },
  2661604: { es: 'Basilea' },
  2661552: { es: 'Berna' },
  2990440: { es: 'Niza' },
  2973783: { es: 'Estrasburgo' },
  3031582: { es: 'Burdeos' },
  3035681: { es: 'Aviñón' },
  2987914: { es: 'Perpiñán' },
  3034475: { es: 'Bayona' },
  3164603: { es: 'Venecia' },
  3171728: { es: 'Padua', en: 'Padua' },
  3174051: { es: 'Mantua', en: 'Mantua' },
  3181928: { es: 'Bolonia' },
  2766824: { es: 'Salzburgo' },
  2874225: { es: 'Maguncia' },
  2821164: { es: 'Tréveris' },
  3247449: { es: 'Aquisgrán' },
  2800931: { es: 'Brujas', en: 'Bruges' },
  2797656: { es: 'Gante', en: 'Ghent' },
  2792482: { es: 'Lovaina' },
  2792413: { es: 'Lieja' },
  2735943: { es: 'Oporto' },
  2624652: { es: 'Aarhus', en: 'Aarhus' },
  2960316: { es: 'Luxemburgo' },
  2993458: { es: 'Mónaco' },
  2562305: { es: 'La Valeta' },
  6691831: { es: 'Ciudad del Vaticano' },
  618426: { es: 'Chisináu' },
};

/** The name a place is shown with in a language. */
export function localName(id: number, name: string, locale: Locale): string {
  return OTHER_NAMES[id]?.[locale] ?? name;
}

/**
 * Every name a place is found by: its GeoNames name, each half of a bilingual one
 * ("Gasteiz / Vitoria"), its Spanish and English names and its aliases.
 */
export function searchableNames(id: number, name: string): string[] {
  const other = OTHER_NAMES[id];
  // Most places have one name: skip the set for them (the index is built from 60 000 places).
  if (other === undefined && !name.includes(' / ')) return [normalizeName(name)];
  const names = [name, ...name.split(' / '), other?.es, other?.en, ...(other?.aliases ?? [])];
  return [...new Set(names.filter((n): n is string => n !== undefined).map(normalizeName))].filter(Boolean);
}

const countryNames = new Map<Locale, Intl.DisplayNames>();

/** "España" / "Spain": the country's name from the runtime's CLDR data. */
export function countryName(code: string, locale: Locale): string {
  let names = countryNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    countryNames.set(locale, names);
  }
  return names.of(code) ?? code;
}

/** The region shown after a place's name: only Spain's are known offline. */
export function regionName(countryCode: string, adminCode: string, locale: Locale): string | undefined {
  return countryCode === 'ES' ? SPANISH_REGIONS[adminCode]?.[locale] : undefined;
}
