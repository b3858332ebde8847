import type { SearchQuery } from '@hora/core/search';
import { useEffect, useMemo, useReducer } from 'react';
import { useFetcher } from 'react-router';
import { Modal } from '../../components/ui/modal.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { FILTER_FORM_ID } from './filter-bar.tsx';
import { FilterFields } from './filter-fields.tsx';
import { createDebouncer, filtersModalReducer } from './filters-state.ts';
import type { SearchPageData } from './search-data.ts';
import { queryWithValues, searchHref, valuesOfQuery, withoutFilters } from './search-url.ts';

const COUNT_DELAY_MS = 400;

/**
 * Phones' filters (< 768 px): a button opens every filter in a modal. Changes are a draft whose
 * result count is asked for in the background; "show N spaces" applies it, cancel puts back what
 * the results are for, reset all clears the draft.
 */
export function FiltersModalButton(props: {
  query: SearchQuery;
  totalItems: number | null;
  live: boolean;
  onApply: (query: SearchQuery) => void;
}) {
  const t = useT();
  const { query } = props;
  const current = useMemo(() => valuesOfQuery(query), [query]);
  const [state, dispatch] = useReducer(filtersModalReducer, { open: false, saved: null, draft: current });
  const fetcher = useFetcher<SearchPageData>();
  const debouncer = useMemo(createDebouncer, []);

  useEffect(() => dispatch({ type: 'sync', current }), [current]);

  const pendingHref = searchHref(queryWithValues(query, state.draft));
  const { load } = fetcher;
  useEffect(() => {
    if (!state.open) return;
    if (pendingHref === searchHref(query)) {
      debouncer.cancel();
      return;
    }
    debouncer.run(() => void load(pendingHref), COUNT_DELAY_MS);
    return () => debouncer.cancel();
  }, [state.open, pendingHref, query, load, debouncer]);

  // The count of the draft once known; the current results' until then.
  const fetched = fetcher.data?.result?.meta.totalItems;
  const count =
    pendingHref === searchHref(query) || fetcher.state !== 'idle' || fetched === undefined
      ? props.totalItems
      : fetched;
  const active = [
    current.keywords,
    current.dateStart,
    current.people,
    current.priceMin !== '' || current.priceMax !== '',
    ...current.categories,
  ].filter(Boolean).length;
  const label = active > 0 ? t('search.filters.openCount', { count: active }) : t('search.filters.open');

  return (
    <>
      {props.live ? (
        <button
          type="button"
          className="button button--secondary search-filters-open"
          aria-haspopup="dialog"
          onClick={() => dispatch({ type: 'open', current })}
        >
          {label}
        </button>
      ) : (
        // Before JavaScript the same control shows the filters form on the page.
        <a href={`#${FILTER_FORM_ID}`} className="button button--secondary search-filters-open">
          {label}
        </a>
      )}
      {state.open && (
        <Modal
          title={t('search.filters.modalTitle')}
          closeLabel={t('search.filters.close')}
          onClose={() => dispatch({ type: 'cancel' })}
          testId="search-filters-modal"
          className="modal--fullscreen"
        >
          <form
            className="search-filters-modal"
            onSubmit={(event) => {
              event.preventDefault();
              dispatch({ type: 'applied' });
              props.onApply(queryWithValues(query, state.draft));
            }}
          >
            <div className="search-filters-modal__fields">
              <FilterFields
                values={state.draft}
                onChange={(patch) => dispatch({ type: 'change', patch })}
                groups={['primary', 'categories']}
                idPrefix="modal"
              />
            </div>
            <div className="search-filters-modal__actions">
              <button
                type="button"
                className="search-page__link"
                onClick={() => dispatch({ type: 'reset', empty: valuesOfQuery(withoutFilters(query)) })}
              >
                {t('search.filters.resetAll')}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => dispatch({ type: 'cancel' })}
              >
                {t('search.filters.cancel')}
              </button>
              <button type="submit" className="button button--primary" aria-live="polite">
                {count === null ? t('search.filters.apply') : t('search.filters.show', { count })}
              </button>
            </div>
          </form>
        </Modal>
      )}
    </>
  );
}
