import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { REDIRECT_PATHS } from './features/routing/redirects.ts';

// Pathless `messages-*` layouts bring the texts of the pages below them (the root brings the shell's),
// loaded once and kept while the visitor moves between those pages.
export default [
  layout('routes/messages-landing.ts', [index('routes/landing.tsx')]),
  route('locale', 'routes/locale.ts'),
  route('cookie-consent', 'routes/cookie-consent.ts'),
  ...REDIRECT_PATHS.map((path) => route(path, 'routes/redirects.ts', { id: `redirect:${path}` })),
  // Accounts (spec part 1 §2: authentication pages, account settings, profile)
  layout('routes/messages-auth.ts', [
    route('login', 'routes/auth.tsx', { id: 'auth-login' }),
    route('signup', 'routes/auth.tsx', { id: 'auth-signup' }),
    route('confirm', 'routes/auth.tsx', { id: 'auth-confirm' }),
  ]),
  route('logout', 'routes/logout.ts'),
  layout('routes/messages-account.ts', [
    route('verify-email', 'routes/verify-email.tsx'),
    route('recover-password', 'routes/recover-password.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('profile-settings', 'routes/profile-settings.tsx'),
    layout('routes/account-layout.tsx', [
      route('account/contact-details', 'routes/account-contact-details.tsx'),
      route('account/change-password', 'routes/account-change-password.tsx'),
      layout('routes/messages-payouts.ts', { id: 'messages-payouts-account' }, [
        route('account/payments', 'routes/account-payments.tsx'),
        route('account/payments/:returnURLType', 'routes/account-payments-return.tsx'),
      ]),
      // Issue 11: the saved card.
      layout('routes/messages-payment-methods.ts', [
        route('account/payment-methods', 'routes/account-payment-methods.tsx'),
      ]),
      // Issue 12: deleting one's own account.
      layout('routes/messages-account-deletion.ts', [
        route('account/delete-account', 'routes/account-delete.tsx'),
      ]),
    ]),
  ]),
  // The payments sandbox's hosted onboarding (what Stripe's pages are when Stripe runs).
  layout('routes/messages-payouts.ts', [route('sandbox/connect/:linkId', 'routes/sandbox-connect.tsx')]),
  layout('routes/messages-profile.ts', [route('u/:id', 'routes/profile.tsx')]),
  // Search page (spec part 1 §2)
  layout('routes/messages-search.ts', [route('s', 'routes/search.tsx')]),
  // Listing page and manage listings (spec part 1 §2); `/l` itself is one of the redirects above.
  route('l/:id', 'routes/listing-canonical.ts'),
  // Checkout (issue 11, checkout branch): before the listing's variant route, which would match it.
  layout('routes/messages-checkout.ts', [route('l/:slug/:id/checkout', 'routes/checkout.tsx')]),
  layout('routes/messages-listing.ts', [
    route('l/:slug/:id', 'routes/listing.tsx'),
    route('l/:slug/:id/:variant', 'routes/listing-variant.tsx'),
  ]),
  layout('routes/messages-manage-listings.ts', [route('listings', 'routes/manage-listings.tsx')]),
  // Favourites (issue 10): the hearts post to a resource route; the page lists them.
  route('favourites/:listingId', 'routes/favourite-toggle.ts'),
  layout('routes/messages-favourites.ts', [route('favListings', 'routes/fav-listings.tsx')]),
  // Hosting (spec part 1 §2: listing editing wizard; `/l/new` is one of the redirects above)
  layout('routes/messages-listings.ts', [
    route('l/:slug/:id/:type/:tab', 'routes/listing-edit.tsx'),
    route('l/:slug/:id/:type/:tab/:returnURLType', 'routes/listing-edit-return.tsx'),
  ]),
  // Orders and sales (issue 11; `/order/:id` and `/sale/:id` are redirects above).
  layout('routes/messages-transactions.ts', [
    route('order/:id/details', 'routes/order-details.tsx'),
    route('sale/:id/details', 'routes/sale-details.tsx'),
  ]),
  // Inbox (issue 12): `/inbox` picks the viewer's default tab.
  route('inbox', 'routes/inbox-default.ts'),
  layout('routes/messages-inbox.ts', [route('inbox/:tab', 'routes/inbox.tsx')]),
  layout('routes/messages-mailbox.ts', [
    route('dev/mailbox', 'routes/dev-mailbox.tsx'),
    route('dev/mailbox/:id', 'routes/dev-mailbox-message.tsx'),
  ]),
  route('notfound', 'routes/not-found.tsx', { id: 'not-found-page' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
