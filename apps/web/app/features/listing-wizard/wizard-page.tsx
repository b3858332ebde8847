import type { EditListingType, OwnListingView, WizardTab } from '@hora/core/listing';
import { tabSaveAction } from '@hora/core/listing';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/form.tsx';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { apiErrorKey } from '../forms/api-error-key.ts';
import { isListingCreated, listingLikeOf } from './listing-like.ts';
import { listingPagePath, PAYOUT_ACCOUNT_REQUIRED, publishListing } from './publish.ts';
import { resumeAction } from './resume.ts';
import { PayoutModal, TAB_FORMS } from './tab-forms.ts';
import { WizardNav } from './wizard-nav.tsx';
import {
  headingKey,
  SHOWN_TABS,
  submitLabelKey,
  tabStates,
  typeAfterSave,
  wizardPath,
} from './wizard-tabs.ts';

const SAVED_NOTICE_MS = 5000;

type Status =
  | { kind: 'idle' }
  | { kind: 'saved' }
  | { kind: 'publishing' }
  | { kind: 'error'; error: string };

/**
 * The listing editing wizard (spec part 1 §2): the steps, the current tab's form, and what a
 * save leads to: the next tab while creating, publishing on the last one (asking for the payout
 * account first when needed), or staying with "Guardado" while editing.
 */
export function WizardPage(props: { listing: OwnListingView; type: EditListingType; tab: WizardTab }) {
  const { type, tab } = props;
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [listing, setListing] = useState(props.listing);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [payoutOpen, setPayoutOpen] = useState(false);
  const states = tabStates(type, listingLikeOf(listing), tab);
  const TabForm = TAB_FORMS[tab];

  const publish = useCallback(
    /** `payoutReady`: the modal just found the account complete; asking again would loop. */
    async (saved: OwnListingView, payoutReady = false) => {
      setStatus({ kind: 'publishing' });
      const outcome = await publishListing(saved.id);
      if (outcome.kind === 'published') navigate(outcome.to);
      else if (outcome.kind === 'payout-required' && !payoutReady) {
        setStatus({ kind: 'idle' });
        setPayoutOpen(true);
      } else if (outcome.kind === 'payout-required') {
        setStatus({ kind: 'error', error: apiErrorKey(PAYOUT_ACCOUNT_REQUIRED) });
      } else setStatus({ kind: 'error', error: outcome.error });
    },
    [navigate],
  );

  const onSaved = useCallback(
    (saved: OwnListingView) => {
      setListing(saved);
      const action = tabSaveAction(tab, type, SHOWN_TABS);
      if (action.action === 'next') navigate(wizardPath(saved, typeAfterSave(type), action.next));
      else if (action.action === 'publish') void publish(saved);
      else setStatus({ kind: 'saved' });
    },
    [tab, type, navigate, publish],
  );

  // "Guardado" answers one save; it goes before it could sit beside the error of a later one.
  useEffect(() => {
    if (status.kind !== 'saved') return;
    const timer = window.setTimeout(() => setStatus({ kind: 'idle' }), SAVED_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  // Back from payout onboarding (…/success): publish now, or show the modal again; once per
  // return, however often the effect runs.
  const resumed = useRef<string | null>(null);
  useEffect(() => {
    const resume = resumeAction(location.search);
    if (!resume || resumed.current === location.search) return;
    resumed.current = location.search;
    navigate(location.pathname, { replace: true });
    if (resume === 'publish') void publish(listing);
    else setPayoutOpen(true);
  }, [location.search, location.pathname, navigate, publish, listing]);

  return (
    <main className="wizard">
      <div className="wizard__header">
        <h1 className="wizard__title">{t(headingKey(type))}</h1>
        {isListingCreated(listing) && (
          <Link to={listingPagePath(listing)} className="button button--secondary button--small">
            {t(type === 'edit' ? 'listings.wizard.viewListing' : 'listings.wizard.preview')}
          </Link>
        )}
      </div>
      <div className="wizard__layout">
        <WizardNav states={states} />
        <section className="wizard__panel" aria-labelledby="wizard-tab-title">
          <h2 id="wizard-tab-title" className="wizard__tab-title">
            {t(`listings.tabs.${tab}`)}
          </h2>
          <p className="wizard__intro">{t(`listings.intro.${tab}`)}</p>
          <div aria-live="polite">
            {status.kind === 'saved' && <Alert tone="success">{t('listings.wizard.saved')}</Alert>}
            {status.kind === 'publishing' && <Alert tone="info">{t('listings.wizard.publishing')}</Alert>}
          </div>
          {status.kind === 'error' && <Alert tone="error">{t(status.error)}</Alert>}
          {/* Only the premium video tab has no form yet, and it is never shown. */}
          {TabForm && (
            <Suspense fallback={<p className="wizard__loading">{t('listings.wizard.loadingTab')}</p>}>
              <TabForm listing={listing} submitLabel={t(submitLabelKey(tab, type))} onSaved={onSaved} />
            </Suspense>
          )}
        </section>
      </div>
      {payoutOpen && (
        <Suspense fallback={null}>
          <PayoutModal
            open={payoutOpen}
            onClose={() => setPayoutOpen(false)}
            returnPath={location.pathname}
            onReady={() => {
              setPayoutOpen(false);
              void publish(listing, true);
            }}
          />
        </Suspense>
      )}
    </main>
  );
}
