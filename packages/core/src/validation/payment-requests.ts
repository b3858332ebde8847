import { z } from 'zod';
import { MESSAGES as M } from './messages.ts';
import { form } from './shared.ts';

/**
 * Request bodies of the payment methods API and of the sandbox's browser API (what Stripe.js
 * sends to Stripe). The card's own rules (Luhn, expiry, CVC) are the provider's: the sandbox
 * answers them with Stripe's codes (see `@hora/core/payments`), so only the shapes are checked here.
 */

/** A card id as the provider makes them (`pm_…`). */
export const providerPaymentMethodId = () =>
  z.string({ error: M.required }).regex(/^pm_[A-Za-z0-9_]{1,100}$/, { error: M.invalid });

const clientSecret = () =>
  z
    .string({ error: M.required })
    .max(200, { error: M.invalid })
    .regex(/^(pi|seti)_[A-Za-z0-9]+_secret_[A-Za-z0-9_]+$/, { error: M.invalid });

/** Saving a confirmed card as the person's one card. */
export const paymentMethodBodySchema = form({ paymentMethodId: providerPaymentMethodId() });

/** The sandbox's card from its fields, with the billing details the card form has. */
export const sandboxCardBodySchema = form({
  card: form({
    number: z.string({ error: M.required }).max(30, { error: M.invalid }),
    expMonth: z.number({ error: M.required }).int({ error: M.invalid }).min(0).max(99),
    expYear: z.number({ error: M.required }).int({ error: M.invalid }).min(0).max(9999),
    cvc: z.string({ error: M.required }).max(10, { error: M.invalid }),
  }),
  billingDetails: form({
    name: z.string({ error: M.required }).trim().min(1, { error: M.required }).max(200, { error: M.tooLong }),
    postalCode: z.string({ error: M.invalid }).trim().max(20, { error: M.invalid }).optional(),
    country: z
      .string({ error: M.invalid })
      .regex(/^[A-Z]{2}$/, { error: M.invalid })
      .optional(),
  }),
});

/** Confirming a payment intent with a card; `saveCard` keeps the card on the intent's customer. */
export const sandboxConfirmPaymentBodySchema = form({
  clientSecret: clientSecret(),
  paymentMethodId: providerPaymentMethodId(),
  saveCard: z.boolean({ error: M.invalid }).optional(),
});

/** Confirming a setup intent with a card. */
export const sandboxConfirmSetupBodySchema = form({
  clientSecret: clientSecret(),
  paymentMethodId: providerPaymentMethodId(),
});

/** The authentication step's outcome, as the customer chose it in the dialog. */
export const sandboxAuthenticationBodySchema = form({
  clientSecret: clientSecret(),
  outcome: z.enum(['complete', 'fail'], { error: M.invalid }),
});
