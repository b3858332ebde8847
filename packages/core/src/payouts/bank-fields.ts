// The bank-field rules the payout pages need before anyone acts on them (which fields a country
// shows, the provider's token parameters), reachable without the validation entry point: the web
// app loads that one (zod) on the first action only, and a static import would pull it in at once.
export {
  type BankAccountFields,
  type BankAccountTokenParams,
  bankAccountTokenParams,
  bankFieldsFor,
} from '../validation/bank-accounts.ts';
