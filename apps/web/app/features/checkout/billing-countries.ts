import { countryName, PAYOUT_COUNTRIES } from '@hora/core/config';

/** Where cards are issued beyond the payout countries: the customers' side of a Spanish marketplace. */
const MORE_BILLING_COUNTRIES = ['AD', 'AR', 'BR', 'CL', 'CO', 'IS', 'MA', 'PE', 'UY'];

/**
 * The billing address's countries, named and sorted in the visitor's language. Named by the
 * server and sent with the page: browsers and Node name some regions differently ("Hong Kong",
 * "RAE de Hong Kong (China)"), and the page's HTML must be what the browser renders.
 */
export function billingCountries(locale: string): { value: string; label: string }[] {
  return [...PAYOUT_COUNTRIES, ...MORE_BILLING_COUNTRIES]
    .map((code) => ({ value: code, label: countryName(code, locale) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}
