import { canAddException } from '@hora/core/availability';
import type { AvailabilityExceptionView } from '@hora/core/listing';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/form.tsx';
import { useI18n } from '../../../i18n/i18n.tsx';
import { INTL_LOCALE } from '../intl-locale.ts';
import { callApi } from '../listing-api.ts';
import { sortedExceptions } from './exception-form.ts';
import { ExceptionModal } from './exception-modal.tsx';

/**
 * The exceptions to the weekly plan (spec part 1 §3): loaded for the coming year, added through
 * a modal and deleted one by one, each saved at once. The add button hides past 100.
 */
export function ExceptionsSection({ listingId, timeZone }: { listingId: string; timeZone: string }) {
  const { t, locale } = useI18n();
  const [exceptions, setExceptions] = useState<AvailabilityExceptionView[] | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void callApi<AvailabilityExceptionView[]>(
      'GET',
      `/api/own-listings/${listingId}/availability-exceptions`,
    ).then((answer) => {
      if (!current) return;
      if (answer.ok) setExceptions(answer.data);
      else setError('listings.exceptions.loadFailed');
    });
    return () => {
      current = false;
    };
  }, [listingId]);

  const remove = async (exception: AvailabilityExceptionView) => {
    setDeleting(exception.id);
    setError(undefined);
    const answer = await callApi<unknown>(
      'DELETE',
      `/api/own-listings/${listingId}/availability-exceptions/${exception.id}`,
    );
    setDeleting(null);
    if (answer.ok) setExceptions((list) => (list ?? []).filter((e) => e.id !== exception.id));
    else setError(answer.errors.form ?? 'listings.exceptions.deleteFailed');
  };

  const range = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  return (
    <section className="wizard-section" aria-labelledby="exceptions-heading">
      <h3 id="exceptions-heading" className="wizard-section__title">
        {t('listings.exceptions.title')}
      </h3>
      <p className="field__hint">{t('listings.exceptions.intro')}</p>
      {error && <Alert tone="error">{t(error)}</Alert>}
      {exceptions === null && !error && <p aria-live="polite">{t('listings.exceptions.loading')}</p>}
      {exceptions?.length === 0 && <p>{t('listings.exceptions.none')}</p>}
      {exceptions && exceptions.length > 0 && (
        <ul className="exception-list">
          {sortedExceptions(exceptions).map((exception) => {
            const when = range.formatRange(new Date(exception.start), new Date(exception.end));
            return (
              <li key={exception.id} className="exception-list__item">
                <span
                  className={`exception-badge exception-badge--${exception.seats > 0 ? 'open' : 'closed'}`}
                >
                  {t(
                    exception.seats > 0
                      ? 'listings.exceptions.available'
                      : 'listings.exceptions.notAvailable',
                  )}
                </span>
                <span className="exception-list__range">{when}</span>
                <button
                  type="button"
                  className="button button--link"
                  disabled={deleting !== null}
                  aria-label={t('listings.exceptions.deleteLabel', { when })}
                  onClick={() => void remove(exception)}
                >
                  {deleting === exception.id
                    ? t('listings.exceptions.deleting')
                    : t('listings.exceptions.delete')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {exceptions && canAddException(exceptions.length) && (
        <button type="button" className="button button--secondary" onClick={() => setAdding(true)}>
          {t('listings.exceptions.addButton')}
        </button>
      )}
      {adding && exceptions && (
        <ExceptionModal
          listingId={listingId}
          timeZone={timeZone}
          exceptions={exceptions}
          onClose={() => setAdding(false)}
          onAdded={(exception) => {
            setExceptions([...exceptions, exception]);
            setAdding(false);
          }}
        />
      )}
    </section>
  );
}
