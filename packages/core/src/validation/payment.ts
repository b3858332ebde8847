import { z } from 'zod';
import { MESSAGES as M } from './messages.ts';
import { form, optionalString, optionalTextArea, requiredString } from './shared.ts';

const countryCode = (error: typeof M.billingCountryRequired) =>
  requiredString(error).refine((v) => /^[A-Z]{2}$/.test(v), { error });

/** Billing address: each required field has its own message (spec part 2 §5.7). */
export const billingAddressSchema = form({
  addressLine1: requiredString(M.billingAddressLine1Required),
  addressLine2: optionalString(200),
  postal: requiredString(M.billingPostalRequired),
  city: requiredString(M.billingCityRequired),
  state: optionalString(200),
  country: countryCode(M.billingCountryRequired),
});

/** The card widget's result: a payment method id from the card processor. */
export const paymentMethodSchema = form({ paymentMethodId: requiredString() });

export const PAYMENT_CHOICES = ['defaultCard', 'replaceCard', 'onetimeCardPayment'] as const;

/** Checkout: card choice, cardholder, optional message to the host and billing address. */
export const checkoutSchema = form({
  paymentMethod: z.enum(PAYMENT_CHOICES, { error: M.required }),
  saveAfterOnetimePayment: z.boolean({ error: M.invalid }).optional(),
  cardholderName: requiredString(),
  initialMessage: optionalTextArea(),
  billingAddress: billingAddressSchema.optional(),
});
