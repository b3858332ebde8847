import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from '../money/money.ts';
import { sanitizeText } from '../text/sanitize.ts';
import {
  buildOfferMessage,
  OFFER_MARKERS,
  offerKindOf,
  parseOfferMessage,
  plainMessageText,
  stripOfferMarker,
} from './markers.ts';

const eur = (amount: number) => money(amount, 'EUR');

describe('offer markers', () => {
  it('strip 23 characters from an offer and 32 from an answer, as the spec says', () => {
    expect(OFFER_MARKERS.offered).toHaveLength(23);
    expect(OFFER_MARKERS.accepted).toHaveLength(32);
    expect(OFFER_MARKERS.declined).toHaveLength(32);
    const offer = buildOfferMessage('offered', eur(2550));
    expect(offer).toBe('[[hora:offer:offered]] 25.50 EUR');
    expect(offer.slice(23)).toBe('25.50 EUR');
    const accepted = buildOfferMessage('accepted', eur(2550));
    expect(accepted).toBe('[[hora:offer:outcome:accepted]] 25.50 EUR');
    expect(accepted.slice(32)).toBe('25.50 EUR');
    expect(buildOfferMessage('declined', eur(2550)).slice(32)).toBe('25.50 EUR');
  });

  it.each([
    ['[[hora:offer:offered]] 25.50 EUR', { kind: 'offered', price: eur(2550) }],
    ['[[hora:offer:outcome:accepted]] 0.05 EUR', { kind: 'accepted', price: eur(5) }],
    ['[[hora:offer:outcome:declined]] 1000 JPY', { kind: 'declined', price: money(1000, 'JPY') }],
    ['[[hora:offer:offered]] 25.5 EUR', null],
    ['[[hora:offer:offered]] 25.005 EUR', null],
    ['[[hora:offer:offered]] 25.00 XYZ', null],
    ['[[hora:offer:offered]] veinte', null],
    ['[[hora:offer:offered]]25.00 EUR', null],
    ['Hola, ¿está libre el sábado?', null],
  ])('parses %j as %j', (content, expected) => {
    expect(parseOfferMessage(content)).toEqual(expected);
  });

  it('recognises kinds and strips markers', () => {
    expect(offerKindOf('[[hora:offer:outcome:declined]] 1.00 EUR')).toBe('declined');
    expect(offerKindOf('hola')).toBeNull();
    expect(stripOfferMarker('[[hora:offer:offered]] 1.00 EUR')).toBe('1.00 EUR');
    expect(stripOfferMarker('hola')).toBe('hola');
  });

  it('round-trips every price and survives sanitising (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('offered', 'accepted', 'declined' as const),
        fc.integer({ min: 0, max: 10_000_000 }),
        (kind, amount) => {
          const content = buildOfferMessage(kind, eur(amount));
          expect(sanitizeText(content)).toBe(content);
          expect(parseOfferMessage(content)).toEqual({ kind, price: eur(amount) });
        },
      ),
    );
  });

  it('defuses a typed marker in a plain message, leaving other texts alone', () => {
    const forged = buildOfferMessage('accepted', eur(1));
    expect(parseOfferMessage(plainMessageText(forged))).toBeNull();
    expect(offerKindOf(plainMessageText(forged))).toBeNull();
    expect(plainMessageText(forged).replace('\u200b', '')).toBe(forged);
    expect(plainMessageText('[[hora:offer: nope')).not.toBe('[[hora:offer: nope');
    expect(plainMessageText('Hola [[hora:offer:offered]]')).toBe('Hola [[hora:offer:offered]]');
  });
});
