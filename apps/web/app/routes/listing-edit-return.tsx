import type { PayoutAccount } from '@hora/core/listing';
import { pathByRouteName } from '@hora/core/search';
import { data, redirect } from 'react-router';
import { Link } from '../components/ui/link.tsx';
import { onboardingReturn } from '../features/listing-wizard/resume.ts';
import { requireViewer } from '../features/routing/access.ts';
import { seoMeta } from '../features/seo/meta.ts';
import { useT } from '../i18n/i18n.tsx';
import type { Route } from './+types/listing-edit-return';

/** What `POST /api/payouts/account-links` is asked for: the onboarding of the host's account. */
const ACCOUNT_LINK_TYPE = 'account_onboarding';

/**
 * /l/:slug/:id/:type/:tab/:returnURLType (auth-only): where payout onboarding, opened while
 * publishing, comes back to (spec part 1 §4). Success goes back to the wizard tab, which
 * publishes (or shows the modal again while something is still due); failure asks for a new
 * onboarding link and goes there. The wizard page itself checks the listing is the viewer's.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  const { slug, id, type, tab } = params;
  const wizardPath = pathByRouteName('EditListingPage', { slug, id, type, tab });
  let account: PayoutAccount | null = null;
  if (params.returnURLType === 'success') {
    const result = await context.api<{ data: PayoutAccount | null }>('/api/payouts/account');
    account = result.status < 400 ? result.data.data : null;
  }
  const next = onboardingReturn(params.returnURLType, wizardPath, account);
  if (next.kind === 'not-found') throw data(null, { status: 404 });
  if (next.kind === 'resume') throw redirect(next.to);
  const link = await context.api<{ data?: { url?: string } }>('/api/payouts/account-links', {
    method: 'POST',
    body: { type: ACCOUNT_LINK_TYPE, returnPath: wizardPath },
  });
  const url = link.data.data?.url;
  if (link.status < 400 && url) throw redirect(url);
  return { wizardPath };
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { titleKey: 'listings.onboarding.failedTitle', noindex: true });

/** Shown only when no new onboarding link could be had. */
export default function ListingEditReturn({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <main className="wizard wizard--narrow">
      <h1 className="wizard__title">{t('listings.onboarding.failedTitle')}</h1>
      <p>{t('listings.onboarding.failedText')}</p>
      <Link to={loaderData.wizardPath} className="button button--primary">
        {t('listings.onboarding.backToListing')}
      </Link>
    </main>
  );
}
