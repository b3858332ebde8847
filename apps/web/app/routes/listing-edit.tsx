import { MARKETPLACE } from '@hora/core/config';
import { DEFAULT_BOOKING_RULES, type OwnListingView } from '@hora/core/listing';
import { data, redirect } from 'react-router';
import { newListingPlaceholder } from '../features/listing-wizard/listing-like.ts';
import { ServerClockProvider } from '../features/listing-wizard/server-clock.tsx';
import { WizardPage } from '../features/listing-wizard/wizard-page.tsx';
import { wizardDecision, wizardTarget } from '../features/listing-wizard/wizard-request.ts';
import { headingKey } from '../features/listing-wizard/wizard-tabs.ts';
import { loginPath, requireViewer } from '../features/routing/access.ts';
import { seoMeta } from '../features/seo/meta.ts';
import stylesheet from '../styles/listing-wizard.css?url';
import type { Route } from './+types/listing-edit';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

/**
 * /l/:slug/:id/:type/:tab (auth-only). Loads the owner's listing (none for the all-zero id of
 * `/l/new`), and sends a tab not reachable yet to the nearest earlier one (spec part 2 §5.4).
 * Someone else's listing is the not-found page: its existence is nobody else's business.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  const target = wizardTarget(params);
  if (target.kind === 'not-found') throw data(null, { status: 404 });
  let listing: OwnListingView | null = null;
  if (target.kind === 'listing') {
    const result = await context.api<{ data: OwnListingView }>(`/api/own-listings/${target.id}`);
    if (result.status === 401) throw redirect(loginPath(new URL(request.url)));
    if (result.status === 403 || result.status === 404) throw data(null, { status: 404 });
    if (result.status >= 400) throw data(null, { status: 500 });
    listing = result.data.data;
  }
  const decision = wizardDecision(params, listing);
  if (decision.kind === 'redirect') throw redirect(`${decision.to}${new URL(request.url).search}`);
  return { listing, type: decision.type, tab: decision.tab, now: context.now().toISOString() };
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { titleKey: headingKey(args.loaderData?.type ?? 'new'), noindex: true });

export default function ListingEdit({ loaderData }: Route.ComponentProps) {
  const { type, tab } = loaderData;
  const listing =
    loaderData.listing ??
    newListingPlaceholder({ timeZone: MARKETPLACE.timeZone, bookingRules: DEFAULT_BOOKING_RULES });
  // A new tab or listing starts its form afresh from what was loaded.
  return (
    <ServerClockProvider serverNow={loaderData.now}>
      <WizardPage key={`${listing.id}:${tab}`} listing={listing} type={type} tab={tab} />
    </ServerClockProvider>
  );
}
