import { type Money, moneyFromDecimal, toDecimalString } from '../money/money.ts';

/**
 * Markers that open price-offer messages. Their lengths are part of the contract (spec part 2
 * §7: the first 23 characters are stripped from an offer, 32 from an answer): an offer is
 * "[[hora:offer:offered]] " (23), an answer "[[hora:offer:outcome:accepted]] " or
 * "[[hora:offer:outcome:declined]] " (32). Each is followed by the price, "25.00 EUR".
 * Square brackets survive text sanitising, which rewrites only angle brackets.
 */
export const OFFER_MARKERS = {
  offered: '[[hora:offer:offered]] ',
  accepted: '[[hora:offer:outcome:accepted]] ',
  declined: '[[hora:offer:outcome:declined]] ',
} as const;

export type OfferKind = keyof typeof OFFER_MARKERS;

export interface OfferMessage {
  kind: OfferKind;
  price: Money;
}

const KINDS = Object.keys(OFFER_MARKERS) as OfferKind[];

export function buildOfferMessage(kind: OfferKind, price: Money): string {
  return `${OFFER_MARKERS[kind]}${toDecimalString(price)} ${price.currency}`;
}

export function offerKindOf(content: string): OfferKind | null {
  return KINDS.find((kind) => content.startsWith(OFFER_MARKERS[kind])) ?? null;
}

/** The text after the marker (what the spec's fixed-length strip leaves). */
export function stripOfferMarker(content: string): string {
  const kind = offerKindOf(content);
  return kind ? content.slice(OFFER_MARKERS[kind].length) : content;
}

/** Reads a marker message; null for ordinary messages and for malformed prices. */
export function parseOfferMessage(content: string): OfferMessage | null {
  const kind = offerKindOf(content);
  if (!kind) return null;
  const match = /^(\d+(?:\.\d+)?) ([A-Z]{3})$/.exec(stripOfferMarker(content));
  if (!match) return null;
  try {
    const price = moneyFromDecimal(match[1] as string, match[2] as string);
    // Only the exact text we build is accepted: "25.5 EUR" or "25.005 EUR" are not offers.
    return buildOfferMessage(kind, price) === content ? { kind, price } : null;
  } catch {
    return null;
  }
}

/**
 * A typed (non-offer) message's text as lists and emails show it: a text that begins like a marker
 * gets a zero-width space inside its opening brackets, so no marker reader (an older client, an email
 * parser) ever takes it for an offer. Offers are structured rows (decision 0042); their own text is
 * `buildOfferMessage`'s.
 */
export function plainMessageText(content: string): string {
  return content.startsWith('[[hora:offer:') ? `[\u200b${content.slice(1)}` : content;
}
