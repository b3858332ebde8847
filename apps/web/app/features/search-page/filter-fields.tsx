import {
  CATEGORIES,
  DATES_FILTER,
  DURATION_OPTIONS,
  KEYWORDS,
  PEOPLE_FILTER,
  PRICE_FILTER,
} from '@hora/core/config';
import { parseMaxPrice, parseMinPrice } from '@hora/core/search';
import { addDays, isDateKey } from '@hora/core/time';
import { Fragment } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import type { FilterValues } from './search-url.ts';

const HOURS = Array.from({ length: 25 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`);
const DURATION_LABELS: Record<(typeof DURATION_OPTIONS)[number]['key'], string> = {
  '0': 'search.filters.duration.any',
  '60': 'search.filters.duration.1h',
  '120': 'search.filters.duration.2h',
};

export type FilterGroup = 'primary' | 'categories';

/**
 * The filter controls, named as the page's GET form sends them (see `canonicalFormHref`). `groups`
 * chooses what shows: the desktop bar shows the primary ones and keeps categories in its "more
 * filters" panel; the phones' modal shows both. `idPrefix` keeps labels unique when both are on the page.
 */
export function FilterFields(props: {
  values: FilterValues;
  onChange: (patch: Partial<FilterValues>) => void;
  groups: readonly FilterGroup[];
  idPrefix: string;
}) {
  const t = useT();
  const { values, onChange, idPrefix } = props;
  const id = (name: string) => `${idPrefix}-${name}`;
  const hasDates = values.dateStart !== '' || values.dateEnd !== '';
  const min = values.priceMin === '' ? PRICE_FILTER.min : values.priceMin;
  const max = values.priceMax === '' ? PRICE_FILTER.max : values.priceMax;

  return (
    <>
      {props.groups.includes('primary') && (
        <>
          <div className="search-filter search-filter--keywords">
            <label htmlFor={id('keywords')}>{t('search.filters.keywords')}</label>
            <input
              id={id('keywords')}
              type="search"
              name="keywords"
              maxLength={KEYWORDS.maxLength}
              value={values.keywords}
              onChange={(event) => onChange({ keywords: event.target.value })}
            />
          </div>
          <fieldset className="search-filter search-filter--dates">
            <legend>{t('search.filters.dates')}</legend>
            <label htmlFor={id('dateStart')}>{t('search.filters.dateStart')}</label>
            <input
              id={id('dateStart')}
              type="date"
              name="dateStart"
              value={values.dateStart}
              max={values.dateEnd || undefined}
              onChange={(event) => onChange({ dateStart: event.target.value })}
            />
            <label htmlFor={id('dateEnd')}>{t('search.filters.dateEnd')}</label>
            <input
              id={id('dateEnd')}
              type="date"
              name="dateEnd"
              value={values.dateEnd}
              min={values.dateStart || undefined}
              max={
                isDateKey(values.dateStart) ? addDays(values.dateStart, DATES_FILTER.maxDays - 1) : undefined
              }
              onChange={(event) => onChange({ dateEnd: event.target.value })}
            />
          </fieldset>
          <div className="search-filter">
            <label htmlFor={id('minDuration')}>{t('search.filters.duration')}</label>
            <select
              id={id('minDuration')}
              name="minDuration"
              value={values.minDuration}
              disabled={!hasDates}
              aria-describedby={hasDates ? undefined : id('needsDates')}
              onChange={(event) => onChange({ minDuration: event.target.value })}
            >
              {DURATION_OPTIONS.map((option) => (
                <option key={option.key} value={option.key}>
                  {t(DURATION_LABELS[option.key])}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="search-filter search-filter--times" disabled={!hasDates}>
            <legend>{t('search.filters.times')}</legend>
            <label htmlFor={id('timeStart')}>{t('search.filters.timeStart')}</label>
            <select
              id={id('timeStart')}
              name="timeStart"
              value={values.timeStart}
              onChange={(event) => onChange({ timeStart: event.target.value })}
            >
              <option value="">{t('search.filters.anyTime')}</option>
              {HOURS.slice(0, -1).map((hour) => (
                <option key={hour} value={hour}>
                  {hour}
                </option>
              ))}
            </select>
            <label htmlFor={id('timeEnd')}>{t('search.filters.timeEnd')}</label>
            <select
              id={id('timeEnd')}
              name="timeEnd"
              value={values.timeEnd}
              onChange={(event) => onChange({ timeEnd: event.target.value })}
            >
              <option value="">{t('search.filters.anyTime')}</option>
              {HOURS.slice(1)
                .filter((hour) => !values.timeStart || hour > values.timeStart)
                .map((hour) => (
                  <option key={hour} value={hour}>
                    {hour}
                  </option>
                ))}
            </select>
          </fieldset>
          {!hasDates && (
            <p id={id('needsDates')} className="search-filter__hint">
              {t('search.filters.needsDates')}
            </p>
          )}
          <div className="search-filter search-filter--people">
            <label htmlFor={id('people')}>{t('search.filters.people')}</label>
            <input
              id={id('people')}
              type="number"
              name="people"
              inputMode="numeric"
              min={PEOPLE_FILTER.min}
              max={PEOPLE_FILTER.max}
              value={values.people}
              onChange={(event) => onChange({ people: event.target.value })}
            />
          </div>
          <fieldset className="search-filter search-filter--price">
            <legend>{t('search.filters.price')}</legend>
            <output className="search-filter__price-value" htmlFor={`${id('priceMin')} ${id('priceMax')}`}>
              {t('search.filters.priceRange', { min, max })}
            </output>
            {(
              [
                [
                  'priceMin',
                  'search.filters.priceMin',
                  min,
                  (v: string) => ({ priceMin: parseMinPrice(v, max) }),
                ],
                [
                  'priceMax',
                  'search.filters.priceMax',
                  max,
                  (v: string) => ({ priceMax: parseMaxPrice(v, min) }),
                ],
              ] as const
            ).map(([name, label, value, change]) => (
              <Fragment key={name}>
                <label htmlFor={id(name)}>{t(label)}</label>
                <input
                  id={id(name)}
                  type="range"
                  name={name}
                  min={PRICE_FILTER.min}
                  max={PRICE_FILTER.max}
                  step={PRICE_FILTER.step}
                  value={value}
                  onChange={(event) => onChange(change(event.target.value))}
                />
              </Fragment>
            ))}
          </fieldset>
        </>
      )}
      {props.groups.includes('categories') && (
        <fieldset className="search-filter search-filter--categories">
          <legend>{t('search.filters.categories')}</legend>
          <ul className="search-filter__categories">
            {CATEGORIES.map((category) => (
              <li key={category}>
                <label>
                  <input
                    type="checkbox"
                    name="pub_category"
                    value={category}
                    checked={values.categories.includes(category)}
                    onChange={(event) =>
                      onChange({
                        categories: event.target.checked
                          ? CATEGORIES.filter((c) => c === category || values.categories.includes(c))
                          : values.categories.filter((c) => c !== category),
                      })
                    }
                  />{' '}
                  {t(`categories.${category}`)}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </>
  );
}
