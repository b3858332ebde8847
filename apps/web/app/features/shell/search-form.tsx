import { KEYWORDS } from '@hora/core/config';
import type { SearchQuery } from '@hora/core/search';
import { useId, useState } from 'react';
import { Form, useLocation, useNavigate } from 'react-router';
import { SearchIcon } from '../../components/ui/icons.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { LocationAutocomplete } from '../places/location-autocomplete.tsx';
import { CITY_PRESET_PLACES } from '../places/presets.ts';
import {
  currentSearchQuery,
  keptSearchFields,
  placeSearchQuery,
  SEARCH_PATH,
  searchPath,
} from './search-links.ts';
import './search-form.css';

export type SearchMode = 'keywords' | 'location';

/** What each mode's field is called in the search URL, and the parameters its submission replaces. */
export const SEARCH_FIELDS = {
  keywords: { name: 'keywords', replaces: ['keywords'] },
  location: { name: 'address', replaces: ['address', 'bounds', 'origin'] },
} as const satisfies Record<
  SearchMode,
  { name: keyof SearchQuery; replaces: readonly (keyof SearchQuery)[] }
>;

/** A search page showing a place (and no keywords) opens the box on its location. */
export function initialSearchMode(current: SearchQuery): SearchMode {
  return current.address && !current.keywords ? 'location' : 'keywords';
}

/**
 * The search box of the top bar, the landing page, the phone search modal and the 404 page (spec
 * part 1 §2): keywords or a place, sent to the search page with the current search kept. It is a GET
 * form, so without JavaScript keywords (or a place's name, which the search page then resolves) still
 * search; with it, picking a place (a prediction, a preset city or the current location) searches at
 * once with the place's bounds and leaves the box.
 */
export function SearchForm(props: {
  initialMode?: SearchMode;
  showModeSelect?: boolean;
  /** Send the place's point too (the 404 page; elsewhere only when sorting by distance is on). */
  withOrigin?: boolean;
  autoFocus?: boolean;
  className?: string;
}) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const current = currentSearchQuery(location);
  const [mode, setMode] = useState<SearchMode>(props.initialMode ?? initialSearchMode(current));
  const inputId = useId();
  const selectId = useId();
  const field = SEARCH_FIELDS[mode];
  const label =
    mode === 'keywords' ? t('topbar.search.keywordsPlaceholder') : t('topbar.search.locationPlaceholder');
  // A new search on the page (Back, a link) shows its own text: the fields start again from it.
  const fieldKey = `${mode}:${current.address ?? ''}:${current.keywords ?? ''}`;
  return (
    <Form
      method="get"
      action={SEARCH_PATH}
      role="search"
      className={`search-form ${props.className ?? ''}`}
      data-search-mode={mode}
    >
      {props.showModeSelect !== false && (
        <>
          <label htmlFor={selectId} className="visually-hidden">
            {t('topbar.search.modeLabel')}
          </label>
          <select
            id={selectId}
            className="search-form__mode"
            value={mode}
            onChange={(event) => setMode(event.target.value as SearchMode)}
          >
            <option value="keywords">{t('topbar.search.keywords')}</option>
            <option value="location">{t('topbar.search.location')}</option>
          </select>
        </>
      )}
      {mode === 'keywords' ? (
        <>
          <label htmlFor={inputId} className="visually-hidden">
            {label}
          </label>
          <input
            key={fieldKey}
            id={inputId}
            className="search-form__input"
            type="search"
            name={field.name}
            defaultValue={current.keywords}
            required
            maxLength={KEYWORDS.maxLength}
            placeholder={label}
            autoComplete="off"
            // biome-ignore lint/a11y/noAutofocus: only where the page is about this box (the search modal)
            autoFocus={props.autoFocus}
          />
        </>
      ) : (
        <LocationAutocomplete
          key={fieldKey}
          className="search-form__place"
          label={label}
          hideLabel
          name={field.name}
          defaultValue={current.address}
          placeholder={label}
          presets={CITY_PRESET_PLACES}
          blurOnSelect
          required
          autoFocus={props.autoFocus}
          onSelect={(place) =>
            navigate(searchPath(placeSearchQuery(current, place, { withOrigin: props.withOrigin })))
          }
        />
      )}
      {keptSearchFields(current, field.replaces).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className="icon-button search-form__submit"
        aria-label={t('topbar.search.submit')}
      >
        <SearchIcon />
      </button>
    </Form>
  );
}
