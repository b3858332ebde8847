import {
  cardCvcIssue,
  cardExpiryIssue,
  cardNumberDigits,
  cardNumberIssue,
  cardPostalCodeIssue,
  formatCardNumber,
  parseExpiry,
} from '@hora/core/payments';
import { cardErrorCode, cardErrorKey } from './card-errors.ts';
import type { BillingDetails, CardResult } from './card-payments.tsx';

/** What the sandbox's card field holds: as typed, never sent anywhere but the sandbox's API. */
export interface SandboxCardValues {
  number: string;
  expiry: string;
  cvc: string;
  postalCode: string;
}

export type SandboxCardField = keyof SandboxCardValues;

/** The number as typed, regrouped as printed on the card (at most 19 digits). */
export function formatNumberInput(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return formatCardNumber(digits);
}

/** The expiry as typed, `MM/AA`: the slash comes by itself after the month. */
export function formatExpiryInput(input: string, previous: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes the month's last digit too, or the slash would come straight back.
  if (previous.endsWith('/') && input.length < previous.length) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return input.length > previous.length ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** The Stripe code of what is wrong with one field (null when it is valid by format). */
export function sandboxFieldIssue(
  field: SandboxCardField,
  values: SandboxCardValues,
  today: { year: number; month: number },
): string | null {
  switch (field) {
    case 'number':
      return cardNumberIssue(values.number);
    case 'expiry': {
      const expiry = parseExpiry(values.expiry);
      return expiry ? cardExpiryIssue(expiry, today) : 'incomplete_expiry';
    }
    case 'cvc':
      return values.cvc === '' ? 'incomplete_cvc' : cardCvcIssue(values.cvc);
    case 'postalCode':
      return values.postalCode.trim() === '' ? 'incomplete_zip' : cardPostalCodeIssue(values.postalCode);
  }
}

export const SANDBOX_CARD_FIELDS: readonly SandboxCardField[] = ['number', 'expiry', 'cvc', 'postalCode'];

/**
 * The field's state as Stripe's card element reports it: complete when every part is valid by
 * format; the first problem among the parts already left (`touched`) as the error.
 */
export function sandboxCardState(
  values: SandboxCardValues,
  touched: ReadonlySet<SandboxCardField>,
  today: { year: number; month: number },
): { complete: boolean; errorCode: string | null; issues: Partial<Record<SandboxCardField, string>> } {
  const issues: Partial<Record<SandboxCardField, string>> = {};
  for (const field of SANDBOX_CARD_FIELDS) {
    const issue = sandboxFieldIssue(field, values, today);
    if (issue) issues[field] = issue;
  }
  const shown = SANDBOX_CARD_FIELDS.find((field) => touched.has(field) && issues[field]);
  return {
    complete: Object.keys(issues).length === 0,
    errorCode: shown ? (issues[shown] ?? null) : null,
    issues,
  };
}

/** The sandbox's card API body: the number's digits and the expiry as numbers. */
export function sandboxCardBody(values: SandboxCardValues, billingDetails: BillingDetails) {
  const expiry = parseExpiry(values.expiry) ?? { month: 0, year: 0 };
  return {
    card: {
      number: cardNumberDigits(values.number) ?? values.number,
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc: values.cvc,
    },
    billingDetails: {
      name: billingDetails.name,
      postalCode: values.postalCode.trim(),
      ...(billingDetails.address?.country ? { country: billingDetails.address.country } : {}),
    },
  };
}

type Outcome = 'complete' | 'fail';

interface IntentAnswer {
  id: string;
  status: string;
  paymentMethodId: string | null;
  nextAction: 'authenticate' | null;
}

type ApiAnswer<T> = { ok: true; data: T } | { ok: false; result: Extract<CardResult, { ok: false }> };

function failure(code: string, declineCode?: string | null, providerMessage?: string) {
  return {
    ok: false as const,
    code: cardErrorCode(code, declineCode),
    messageKey: cardErrorKey(code, declineCode),
    ...(providerMessage ? { providerMessage } : {}),
  };
}

async function call<T>(send: typeof fetch, path: string, body: unknown): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await send(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, result: { ok: false, code: 'network', messageKey: 'payments.errors.network' } };
  }
  const answer = (await response.json().catch(() => null)) as {
    data?: T;
    errors?: { code?: string; meta?: { code?: string; declineCode?: string; stripeMessage?: string } }[];
  } | null;
  if (response.ok && answer?.data) return { ok: true, data: answer.data };
  const error = answer?.errors?.[0];
  if (error?.code === 'payment-card-error') {
    return {
      ok: false,
      result: failure(
        error.meta?.code ?? 'card_declined',
        error.meta?.declineCode,
        error.meta?.stripeMessage,
      ),
    };
  }
  if (response.status === 401) {
    return {
      ok: false,
      result: { ok: false, code: 'unauthorized', messageKey: 'payments.errors.sessionExpired' },
    };
  }
  return {
    ok: false,
    result: {
      ok: false,
      code: error?.code ?? 'processing_error',
      messageKey: 'payments.cardErrors.generic',
      ...(error?.meta?.stripeMessage ? { providerMessage: error.meta.stripeMessage } : {}),
    },
  };
}

/**
 * What Stripe.js does, against the sandbox's own API: make a card from the fields, confirm an
 * intent with it, and, when the card asks for it, run the authentication step through
 * `authenticate` (the dialog) before finishing.
 */
export function sandboxCardClient(deps: {
  authenticate: (kind: 'payment' | 'setup') => Promise<Outcome>;
  send?: typeof fetch;
}) {
  const send = deps.send ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function createCard(values: SandboxCardValues, billingDetails: BillingDetails) {
    return call<{ id: string }>(
      send,
      '/api/payments/sandbox/payment-methods',
      sandboxCardBody(values, billingDetails),
    );
  }

  async function finish(
    kind: 'payment' | 'setup',
    clientSecret: string,
    answer: ApiAnswer<IntentAnswer>,
  ): Promise<CardResult> {
    if (!answer.ok) return answer.result;
    let intent = answer.data;
    if (intent.nextAction === 'authenticate') {
      const outcome = await deps.authenticate(kind);
      const path = kind === 'payment' ? 'payment-intents' : 'setup-intents';
      const authenticated = await call<IntentAnswer>(send, `/api/payments/sandbox/${path}/authenticate`, {
        clientSecret,
        outcome,
      });
      if (!authenticated.ok) return authenticated.result;
      intent = authenticated.data;
    }
    return { ok: true, paymentMethodId: intent.paymentMethodId ?? '', status: intent.status };
  }

  return {
    async confirmCardPayment(
      clientSecret: string,
      source:
        | { kind: 'new'; values: SandboxCardValues; billingDetails: BillingDetails; saveCard: boolean }
        | { kind: 'saved'; paymentMethodId: string },
    ): Promise<CardResult> {
      let paymentMethodId: string;
      if (source.kind === 'new') {
        const card = await createCard(source.values, source.billingDetails);
        if (!card.ok) return card.result;
        paymentMethodId = card.data.id;
      } else {
        paymentMethodId = source.paymentMethodId;
      }
      const confirmed = await call<IntentAnswer>(send, '/api/payments/sandbox/payment-intents/confirm', {
        clientSecret,
        paymentMethodId,
        ...(source.kind === 'new' && source.saveCard ? { saveCard: true } : {}),
      });
      return finish('payment', clientSecret, confirmed);
    },

    async confirmCardSetup(
      clientSecret: string,
      values: SandboxCardValues,
      billingDetails: BillingDetails,
    ): Promise<CardResult> {
      const card = await createCard(values, billingDetails);
      if (!card.ok) return card.result;
      const confirmed = await call<IntentAnswer>(send, '/api/payments/sandbox/setup-intents/confirm', {
        clientSecret,
        paymentMethodId: card.data.id,
      });
      return finish('setup', clientSecret, confirmed);
    },
  };
}
