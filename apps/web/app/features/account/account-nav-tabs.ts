import { ROUTES } from '@hora/core/search';

export interface AccountNavTab {
  path: string;
  labelKey: string;
}

/**
 * The side navigation of account settings (spec part 1 §2). Payments, payment methods,
 * subscriptions and referral are added here by the issues that build those pages.
 */
export const ACCOUNT_NAV_TABS: readonly AccountNavTab[] = [
  { path: ROUTES.ContactDetailsPage.path, labelKey: 'account.nav.contactDetails' },
  { path: ROUTES.PasswordChangePage.path, labelKey: 'account.nav.password' },
  { path: ROUTES.StripePayoutPage.path, labelKey: 'account.nav.payments' },
  { path: ROUTES.PaymentMethodsPage.path, labelKey: 'account.nav.paymentMethods' },
  { path: ROUTES.DeleteAccountPage.path, labelKey: 'account.nav.deleteAccount' },
];
