import { useId, useState } from 'react';
import { Form } from 'react-router';
import { SearchIcon } from '../../components/ui/icons.tsx';
import { useT } from '../../i18n/i18n.tsx';

export type SearchMode = 'keywords' | 'location';

/**
 * The top bar's search: keywords go to the search page as `keywords`, a place as `address`
 * (spec part 1 §2). The chosen mode decides the field's name, so the form also works without JS.
 */
export function SearchForm(props: {
  initialMode?: SearchMode;
  showModeSelect?: boolean;
  onSubmitted?: () => void;
}) {
  const t = useT();
  const [mode, setMode] = useState<SearchMode>(props.initialMode ?? 'keywords');
  const inputId = useId();
  const selectId = useId();
  return (
    <Form
      method="get"
      action="/s"
      role="search"
      className="search-form"
      onSubmit={() => props.onSubmitted?.()}
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
      <label htmlFor={inputId} className="visually-hidden">
        {mode === 'keywords'
          ? t('topbar.search.keywordsPlaceholder')
          : t('topbar.search.locationPlaceholder')}
      </label>
      <input
        id={inputId}
        className="search-form__input"
        type="search"
        name={mode === 'keywords' ? 'keywords' : 'address'}
        required
        minLength={1}
        placeholder={
          mode === 'keywords'
            ? t('topbar.search.keywordsPlaceholder')
            : t('topbar.search.locationPlaceholder')
        }
        autoComplete="off"
      />
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
