import { useFetcher, useLocation } from 'react-router';
import { useI18n } from '../../i18n/i18n.tsx';
import { LOCALE_ACTION, LOCALES } from '../../i18n/locales.ts';

/** Posts the chosen language to /locale, which stores it in a cookie; the page re-renders in place. */
export function LanguageSwitch() {
  const { locale, t } = useI18n();
  const fetcher = useFetcher();
  const location = useLocation();
  const pending = fetcher.formData?.get('locale');
  const current = typeof pending === 'string' ? pending : locale;
  return (
    <fetcher.Form
      method="post"
      action={LOCALE_ACTION}
      className="language-switch"
      aria-label={t('language.label')}
    >
      <input
        type="hidden"
        name="redirectTo"
        value={`${location.pathname}${location.search}${location.hash}`}
      />
      {LOCALES.map((option) => (
        <button
          key={option}
          type="submit"
          name="locale"
          value={option}
          lang={option}
          className="language-switch__option"
          aria-pressed={current === option}
        >
          {t(`language.${option}`)}
        </button>
      ))}
    </fetcher.Form>
  );
}
