import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as account from './account.ts';
import * as availability from './availability-forms.ts';
import { birthDateSchema } from './birth-date.ts';
import * as booking from './booking.ts';
import { devMailboxQuerySchema } from './dev-mailbox.ts';
import * as listing from './listing-forms.ts';
import { isMessageKey } from './messages.ts';
import * as messaging from './messaging.ts';
import * as payment from './payment.ts';
import { payoutDetailsSchema } from './payout.ts';
import * as search from './search-filters.ts';
import { locationSearch } from './shared.ts';

const SCHEMAS: Record<string, z.ZodType> = {
  contactDetails: account.contactDetailsSchema({ currentEmail: 'ana@example.es' }),
  passwordChange: account.passwordChangeSchema,
  passwordRecovery: account.passwordRecoverySchema,
  passwordReset: account.passwordResetSchema,
  login: account.loginSchema,
  signup: account.signupSchema,
  confirmSignup: account.confirmSignupSchema,
  profileSettings: account.profileSettingsSchema,
  imageFile: account.imageFileSchema,
  emailVerification: account.emailVerificationSchema,
  contactDetailsBody: account.contactDetailsBodySchema,
  devMailboxQuery: devMailboxQuerySchema,
  message: messaging.messageSchema,
  enquiry: messaging.enquirySchema,
  priceOffer: messaging.priceOfferSchema(),
  review: messaging.reviewSchema,
  description: listing.descriptionSchema,
  features: listing.featuresSchema,
  video: listing.videoSchema,
  location: listing.locationSchema,
  photos: listing.photosSchema,
  pricing: listing.pricingSchema(),
  plan: availability.availabilityPlanSchema,
  exceptionForm: availability.availabilityExceptionFormSchema,
  exceptionRequest: availability.availabilityExceptionRequestSchema,
  bookingForm: booking.bookingFormSchema,
  lineItems: booking.lineItemsRequestSchema,
  bookingRequest: booking.bookingRequestSchema,
  priceFilter: search.priceFilterSchema(),
  searchRequest: search.searchRequestSchema,
  billingAddress: payment.billingAddressSchema,
  paymentMethod: payment.paymentMethodSchema,
  checkout: payment.checkoutSchema,
  birthDate: birthDateSchema({ today: '2026-03-29' }),
  payout: payoutDetailsSchema({ today: '2026-03-29' }),
  locationSearch: locationSearch(),
};

const FIELDS = [
  'email',
  'password',
  'newPassword',
  'currentPassword',
  'firstName',
  'lastName',
  'content',
  'message',
  'offer',
  'rating',
  'title',
  'description',
  'category',
  'video',
  'location',
  'images',
  'negociation',
  'minPrice',
  'maxPrice',
  'price',
  'type',
  'timezone',
  'entries',
  'availability',
  'exceptionStartDate',
  'exceptionEndTime',
  'listingId',
  'start',
  'end',
  'seats',
  'bookingStart',
  'bookingEnd',
  'bookingStartTime',
  'page',
  'bounds',
  'dates',
  'sort',
  'addressLine1',
  'postal',
  'country',
  'paymentMethod',
  'day',
  'month',
  'year',
  'accountType',
  'bankAccount',
  'individual',
  'company',
  'size',
  'phoneNumber',
  'search',
  'selectedPlace',
];

const value = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    'yes',
    'no',
    'ES',
    '2026-03-29',
    '24:00',
    'a@b.es',
    'individual',
    'company',
    '10,50',
  ),
  fc.integer({ min: -5, max: 300 }),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 3 }),
  fc.record({ amount: fc.integer(), currency: fc.constantFrom('EUR', 'USD', 'XXX') }),
);
const nested = fc.oneof(value, fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 4 }));
const input = fc.oneof(fc.dictionary(fc.constantFrom(...FIELDS), nested, { maxKeys: 8 }), value);

describe('validation messages', () => {
  it('every schema reports only catalogue keys, whatever it is given (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(SCHEMAS)), input, (name, candidate) => {
        const result = (SCHEMAS[name] as z.ZodType).safeParse(candidate);
        for (const issue of result.success ? [] : result.error.issues) {
          expect(isMessageKey(issue.message), `${name}: ${issue.message} at ${issue.path.join('.')}`).toBe(
            true,
          );
        }
      }),
      { numRuns: 3000 },
    );
  });
});
