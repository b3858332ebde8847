import { MARKETPLACE } from '@hora/core/config';
import type { GazetteerRecord } from './gazetteer-data.ts';
import { searchableNames } from './place-names.ts';

/** Small words that start no search on their own ("de" in "Las Palmas de Gran Canaria"). */
const PARTICLES = new Set(
  'a al am an d da das de del della der des di do dos du el en i im l la las le les lo los o s sur the y'.split(
    ' ',
  ),
);

/** Places of the marketplace's own country count as this many times their population. */
const HOME_COUNTRY_WEIGHT = 3;
/** A name equal to the query beats one it only starts, unless the other place is ~30× larger. */
const EXACT_BONUS = 1.5;
/** A match on a later word of the name ("coruña" in "A Coruña") ranks below one on its start. */
const LATER_WORD_PENALTY = 1.5;

export interface Match {
  record: number;
  score: number;
}

/**
 * Every name of every place, normalised and sorted, so the places a query starts are one binary
 * search away: a prefix is a contiguous range of the sorted keys. Each key carries a static score
 * (log of the weighted population, less a penalty for later words), so ranking a range costs one
 * pass with no allocation. Built once; ~150 000 keys for Europe.
 */
export class PlaceIndex {
  private readonly keys: string[];
  private readonly owners: Int32Array;
  private readonly wholeName: Uint8Array;
  private readonly scores: Float64Array;

  constructor(readonly records: readonly GazetteerRecord[]) {
    const entries: { key: string; record: number; whole: boolean }[] = [];
    records.forEach((record, index) => {
      for (const name of searchableNames(record.id, record.name)) {
        entries.push({ key: name, record: index, whole: true });
        const words = name.split(' ');
        for (let word = 1; word < words.length; word += 1) {
          if (PARTICLES.has(words[word] as string)) continue;
          entries.push({ key: words.slice(word).join(' '), record: index, whole: false });
        }
      }
    });
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.record - b.record));
    this.keys = new Array(entries.length);
    this.owners = new Int32Array(entries.length);
    this.wholeName = new Uint8Array(entries.length);
    this.scores = new Float64Array(entries.length);
    entries.forEach((entry, i) => {
      const record = records[entry.record] as GazetteerRecord;
      const weight =
        record.population * (record.countryCode === MARKETPLACE.country ? HOME_COUNTRY_WEIGHT : 1);
      this.keys[i] = entry.key;
      this.owners[i] = entry.record;
      this.wholeName[i] = entry.whole ? 1 : 0;
      this.scores[i] = Math.log10(weight + 10) - (entry.whole ? 0 : LATER_WORD_PENALTY);
    });
  }

  get size(): number {
    return this.keys.length;
  }

  /**
   * The best `limit` places whose names start with the normalised `query`, one entry per place,
   * best first. `accept` filters places (countries, the rest of an address).
   */
  search(query: string, limit: number, accept: (record: number) => boolean = () => true): Match[] {
    const best: Match[] = [];
    if (query === '' || limit <= 0) return best;
    const end = this.lowerBound(`${query}\uffff`);
    for (let i = this.lowerBound(query); i < end; i += 1) {
      const key = this.keys[i] as string;
      const score = (this.scores[i] as number) + (this.wholeName[i] && key === query ? EXACT_BONUS : 0);
      if (best.length === limit && score <= (best[limit - 1] as Match).score) continue;
      const record = this.owners[i] as number;
      const seen = best.findIndex((match) => match.record === record);
      if (seen >= 0 && (best[seen] as Match).score >= score) continue;
      if (seen < 0 && !accept(record)) continue;
      if (seen >= 0) best.splice(seen, 1);
      insertSorted(best, { record, score }, limit);
    }
    return best;
  }

  /** The places one of whose whole names is exactly the normalised `name`, largest first. */
  exact(name: string): number[] {
    const found = new Set<number>();
    for (let i = this.lowerBound(name); i < this.keys.length && this.keys[i] === name; i += 1) {
      if (this.wholeName[i]) found.add(this.owners[i] as number);
    }
    return [...found].sort((a, b) => (this.scoreOf(b) ?? 0) - (this.scoreOf(a) ?? 0));
  }

  private scoreOf(record: number): number {
    const place = this.records[record] as GazetteerRecord;
    return place.population * (place.countryCode === MARKETPLACE.country ? HOME_COUNTRY_WEIGHT : 1);
  }

  private lowerBound(key: string): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.keys[middle] as string) < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

function insertSorted(best: Match[], match: Match, limit: number): void {
  let position = best.length;
  while (position > 0 && (best[position - 1] as Match).score < match.score) position -= 1;
  best.splice(position, 0, match);
  if (best.length > limit) best.pop();
}
