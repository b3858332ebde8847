import type { SortKey } from '@hora/core/config';
import { effectiveSort, type SearchQuery, sortOptions } from '@hora/core/search';
import { Form } from 'react-router';
import { useT } from '../../i18n/i18n.tsx';
import { HiddenQuery } from './hidden-query.tsx';

const SORT_LABELS: Record<SortKey, string> = {
  createdAt: 'search.sort.newest',
  '-createdAt': 'search.sort.oldest',
  price: 'search.sort.priceHighest',
  '-price': 'search.sort.priceLowest',
  relevance: 'search.sort.relevance',
};

/**
 * The order of the results: newest, oldest, price highest or lowest; relevance only (and then
 * only it) under a keyword search. A GET form of its own, so it also works without JavaScript.
 */
export function SortControl(props: { query: SearchQuery; onSort: (sort: SortKey) => void; live: boolean }) {
  const t = useT();
  const record: Record<string, unknown> = { ...props.query };
  const current = effectiveSort(record);
  return (
    <Form method="get" action="/s" className="search-sort">
      <HiddenQuery query={props.query} omit={['sort', 'page']} />
      <label htmlFor="search-sort">{t('search.sort.label')}</label>
      <select
        id="search-sort"
        name="sort"
        value={current}
        onChange={(event) => props.onSort(event.target.value as SortKey)}
      >
        {sortOptions(record).map((option) => (
          <option key={option.key} value={option.key} disabled={option.disabled}>
            {t(SORT_LABELS[option.key])}
          </option>
        ))}
      </select>
      {!props.live && (
        <button type="submit" className="button button--secondary">
          {t('search.sort.apply')}
        </button>
      )}
    </Form>
  );
}
