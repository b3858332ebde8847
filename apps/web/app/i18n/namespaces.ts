/**
 * A namespace is one file of `messages/<locale>/`: the texts of one feature. Pages receive only the
 * namespaces they show, so the catalogue can grow with features without growing every page.
 */
export const NAMESPACES = [
  'account',
  // Issue 12: deleting one's own account.
  'accountDeletion',
  'auth',
  // Issue 11 (checkout branch): the booking breakdown (listing page, checkout, order and sale pages)
  // and the checkout page.
  'breakdown',
  'checkout',
  'captcha',
  // Issue 12: the conversation (activity feed, message form) and the enquiry form.
  'conversation',
  'enquiry',
  'categories',
  'favourites',
  'forms',
  // The host section of a public profile: its listings' pages.
  'hostListings',
  // Issue 12: the inbox.
  'inbox',
  'landing',
  'listing',
  'listingCard',
  'listings',
  'mailbox',
  'manageListings',
  // Issue 12: price negotiation (offers on the order and sale pages).
  'offers',
  // Issue 11, card payments: the card field, its errors and the authentication dialog.
  'payments',
  'paymentMethods',
  'payouts',
  'photos',
  'places',
  'reminder',
  // Issue 12: reviews (listing, profile, order and sale pages).
  'reviews',
  'search',
  'searchMap',
  'shell',
  'transactions',
  'validation',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * What every page shows: the top bar, footer, banners and error pages (`shell`), the reminder with
 * its "send the link again" (`reminder`), and the API error texts that reminder can answer with
 * (`forms`). The root loader sends these once per document and keeps them across navigations.
 */
export const SHELL_NAMESPACES = ['shell', 'reminder', 'forms'] as const satisfies readonly Namespace[];
