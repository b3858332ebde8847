import { toDecimalString } from '@hora/core/money';
import type { Role } from '@hora/core/process';
import { priceOfferSchema } from '@hora/core/validation';
import { data, redirect } from 'react-router';
import type { WebContext } from '../../context.ts';
import { requireViewer } from '../routing/access.ts';
import { transactionPagePath } from '../transactions/transaction-paths.ts';
import { postAnswer, postOffer, refusalOf } from './negotiation-api.ts';
import { isNegotiationIntent, NEGOTIATION_FIELDS, type NegotiationResult } from './negotiation-fields.ts';

/** Reasons the page has its own words for; anything else is the generic failure. */
const KNOWN_REFUSALS = new Set([
  'not-negotiable',
  'not-enquiry',
  'party-unavailable',
  'offer-open',
  'offer-accepted',
  'no-open-offer',
]);

/** Whether a post to the order or sale page is an offer or an answer (the sale page also takes accept/decline). */
export async function isNegotiationPost(request: Request): Promise<boolean> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  return form?.has(NEGOTIATION_FIELDS.intent) === true;
}

/**
 * The offer form (provider) and the answer buttons (customer), plain form posts that work without
 * JavaScript: the price is checked with core's offer rule, then the API decides; on success the page
 * is loaded again (so an acceptance opens the booking panel at the agreed price, the spec's reload),
 * a refusal stays on the page with its message.
 */
export async function runNegotiationAction(
  request: Request,
  params: { id?: string },
  context: Pick<WebContext, 'api' | 'viewer'>,
  pageRole: Role,
) {
  requireViewer(request, context);
  const form = await request.formData().catch(() => null);
  const intent = form?.get(NEGOTIATION_FIELDS.intent);
  const id = params.id;
  if (!id || !isNegotiationIntent(intent)) throw data(null, { status: 400 });
  const typed = String(form?.get(NEGOTIATION_FIELDS.price) ?? '');
  const refuse = (status: number, error: string, field = false) =>
    data<NegotiationResult>({ negotiation: { error, field, price: typed } }, { status });

  let result: Awaited<ReturnType<typeof postOffer>>;
  if (intent === 'offer') {
    const parsed = priceOfferSchema().safeParse({ offer: typed });
    if (!parsed.success) return refuse(400, parsed.error.issues[0]?.message ?? 'offers.errors.failed', true);
    result = await postOffer(context.api, id, toDecimalString(parsed.data.offer));
  } else {
    result = await postAnswer(context.api, id, intent);
  }
  if (result.status === 201) return redirect(transactionPagePath(pageRole, id));
  if (result.status === 404) throw data(null, { status: 404 });
  const reason = refusalOf(result.data);
  if (result.status === 400 && intent === 'offer') return refuse(400, 'validation.offer.amountInvalid', true);
  if (result.status === 429) return refuse(429, 'offers.errors.tooMany');
  return refuse(
    result.status >= 400 ? result.status : 500,
    reason && KNOWN_REFUSALS.has(reason) ? `offers.errors.${reason}` : 'offers.errors.failed',
  );
}
