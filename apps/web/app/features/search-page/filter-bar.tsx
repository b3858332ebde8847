import type { SearchQuery } from '@hora/core/search';
import { type FormEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Form } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { FilterFields } from './filter-fields.tsx';
import { createLiveSearch } from './filters-state.ts';
import { HiddenQuery } from './hidden-query.tsx';
import {
  type FilterValues,
  queryWithValues,
  searchHref,
  valuesOfQuery,
  withoutFilters,
} from './search-url.ts';

/** The filters form's id: phones show it by this fragment before JavaScript arrives. */
export const FILTER_FORM_ID = 'search-filters';

/** Fields the filters' form has; the rest of the query rides along as hidden fields. */
export const FILTER_FORM_KEYS = [
  'keywords',
  'dates',
  'minDuration',
  'times',
  'people',
  'price',
  'pub_category',
  'page',
];

/**
 * The desktop filter bar: a GET form to `/s`. Without JavaScript it is sent with its button; once
 * the page is live each change applies by itself (prices, people and keywords after a pause), and
 * the categories wait in the "more filters" panel for its apply button.
 */
export function FilterBar(props: {
  query: SearchQuery;
  live: boolean;
  onApply: (query: SearchQuery) => void;
}) {
  const t = useT();
  const { query, onApply } = props;
  const current = useMemo(() => valuesOfQuery(query), [query]);
  const [values, setValues] = useState(current);
  const [moreOpen, setMoreOpen] = useState(false);
  const latest = useRef(values);
  const live = useMemo(createLiveSearch, []);
  // The results the controls show (a waiting search starts from the newest ones).
  const shown = useRef({ query, current });

  // New results (a link, the map, the modal, an earlier change): the controls show what they are
  // for, with any change still waiting for its pause on top. A change made as results arrive (a
  // slider dragged on) is kept and searched on with them: resetting to the results alone lost it,
  // and its waiting search with it. In the task that shows them (a layout effect).
  useLayoutEffect(() => {
    shown.current = { query, current };
    const next = live.over(current);
    latest.current = next;
    setValues(next);
  }, [query, current, live]);
  useEffect(() => () => live.cancel(), [live]);

  const update = (patch: Partial<FilterValues>) => {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setValues(next);
    if (patch.categories) return;
    // Categories are a draft of the panel; the rest follows live, keeping the panel's draft.
    live.change(patch, () => {
      const results = shown.current;
      onApply(queryWithValues(results.query, { ...latest.current, categories: results.current.categories }));
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    live.cancel();
    setMoreOpen(false);
    onApply(queryWithValues(query, latest.current));
  };

  // Cancel (or closing the panel) puts back the categories of the URL.
  const cancelMore = () => {
    update({ categories: current.categories });
    setMoreOpen(false);
  };

  const activeMore = current.categories.length;
  return (
    <Form
      method="get"
      action="/s"
      id={FILTER_FORM_ID}
      className="search-filter-bar"
      aria-label={t('search.filters.label')}
      onSubmit={onSubmit}
    >
      <HiddenQuery query={query} omit={FILTER_FORM_KEYS} />
      <div className="search-filter-bar__row">
        <FilterFields values={values} onChange={update} groups={['primary']} idPrefix="bar" />
        {/* A disclosure works before JavaScript too, and takes the same room before and after it. */}
        <details
          className="search-filter-bar__more"
          open={moreOpen}
          onToggle={(event) => {
            const open = event.currentTarget.open;
            if (open === moreOpen) return;
            if (open) setMoreOpen(true);
            else cancelMore();
          }}
        >
          <summary className="button button--secondary">
            {activeMore > 0 ? t('search.filters.moreCount', { count: activeMore }) : t('search.filters.more')}
          </summary>
          <div id="search-more-filters" className="search-filter-bar__panel">
            <FilterFields values={values} onChange={update} groups={['categories']} idPrefix="bar" />
            <div className="search-filter-bar__actions">
              <Link
                to={searchHref(withoutFilters(query))}
                className="search-page__link"
                onClick={() => {
                  live.cancel();
                  setMoreOpen(false);
                }}
              >
                {t('search.filters.resetAll')}
              </Link>
              {/* A form reset puts back the URL's values, JavaScript or not. */}
              <button
                type="reset"
                className="button button--secondary"
                onClick={(event) => {
                  event.preventDefault();
                  cancelMore();
                }}
              >
                {t('search.filters.cancel')}
              </button>
              <button type="submit" className="button button--primary">
                {t('search.filters.apply')}
              </button>
            </div>
          </div>
        </details>
        {!props.live && (
          <button type="submit" className="button button--primary">
            {t('search.filters.submit')}
          </button>
        )}
      </div>
    </Form>
  );
}
