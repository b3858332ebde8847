/**
 * Every validation message is an i18n key: stable, dotted, English identifiers. The web app
 * checks its catalogues cover VALIDATION_MESSAGE_KEYS; the API returns the keys as they are.
 */
export const MESSAGES = {
  required: 'validation.required',
  termsRequired: 'validation.termsRequired',
  invalid: 'validation.invalid',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  arrayEmpty: 'validation.array.empty',
  objectEmpty: 'validation.object.empty',
  emailInvalid: 'validation.email.invalid',
  passwordTooShort: 'validation.password.tooShort',
  passwordTooLong: 'validation.password.tooLong',
  textTooLong: 'validation.text.tooLong',
  charactersInvalid: 'validation.text.charactersInvalid',
  nameTooLong: 'validation.name.tooLong',
  phoneInvalid: 'validation.phone.invalid',
  titleTooLong: 'validation.title.tooLong',
  moneyInvalid: 'validation.money.invalid',
  moneyTooLow: 'validation.money.tooLow',
  currencyInvalid: 'validation.money.currencyInvalid',
  numberInvalid: 'validation.number.invalid',
  dateInvalid: 'validation.date.invalid',
  timeInvalid: 'validation.time.invalid',
  endBeforeStart: 'validation.dates.endBeforeStart',
  timeZoneInvalid: 'validation.timeZone.invalid',
  birthDateInvalid: 'validation.birthDate.invalid',
  birthDateTooYoung: 'validation.birthDate.tooYoung',
  placeRequired: 'validation.location.placeRequired',
  locationSearchRequired: 'validation.location.searchRequired',
  urlInvalid: 'validation.url.invalid',
  uuidInvalid: 'validation.id.invalid',
  imageTooLarge: 'validation.image.tooLarge',
  imageTypeInvalid: 'validation.image.typeInvalid',
  imagesRequired: 'validation.images.required',
  categoryRequired: 'validation.category.required',
  categoryInvalid: 'validation.category.invalid',
  ratingInvalid: 'validation.review.ratingInvalid',
  offerAmountInvalid: 'validation.offer.amountInvalid',
  priceRangeInvalid: 'validation.price.rangeInvalid',
  planTimeMissing: 'validation.availability.timeMissing',
  planTimeInvalid: 'validation.availability.timeInvalid',
  planEndNotAfterStart: 'validation.availability.endNotAfterStart',
  planOverlap: 'validation.availability.overlap',
  planUnordered: 'validation.availability.unordered',
  planSeats: 'validation.availability.seats',
  billingAddressLine1Required: 'validation.billing.addressLine1Required',
  billingPostalRequired: 'validation.billing.postalRequired',
  billingCityRequired: 'validation.billing.cityRequired',
  billingCountryRequired: 'validation.billing.countryRequired',
  payoutCountryUnsupported: 'validation.payout.countryUnsupported',
  payoutMccInvalid: 'validation.payout.mccInvalid',
  payoutOwnershipTooLow: 'validation.payout.ownershipTooLow',
  payoutOwnershipTooHigh: 'validation.payout.ownershipTooHigh',
  payoutSsnLast4Invalid: 'validation.payout.ssnLast4Invalid',
  bankIbanInvalid: 'validation.bank.ibanInvalid',
  bankAccountNumberInvalid: 'validation.bank.accountNumberInvalid',
  bankBsbInvalid: 'validation.bank.bsbInvalid',
  bankTransitNumberInvalid: 'validation.bank.transitNumberInvalid',
  bankInstitutionNumberInvalid: 'validation.bank.institutionNumberInvalid',
  bankSortCodeInvalid: 'validation.bank.sortCodeInvalid',
  bankRoutingNumberInvalid: 'validation.bank.routingNumberInvalid',
  bankCodeInvalid: 'validation.bank.bankCodeInvalid',
  bankBranchCodeInvalid: 'validation.bank.branchCodeInvalid',
  bankClearingCodeInvalid: 'validation.bank.clearingCodeInvalid',
  bankClabeInvalid: 'validation.bank.clabeInvalid',
} as const;

export type MessageKey = (typeof MESSAGES)[keyof typeof MESSAGES];

/** The full list, for catalogue coverage checks. */
export const VALIDATION_MESSAGE_KEYS: readonly MessageKey[] = Object.values(MESSAGES);

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && (VALIDATION_MESSAGE_KEYS as readonly string[]).includes(value);
}
