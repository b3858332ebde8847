import { describe, expect, it } from 'vitest';
import { money } from '../money/money.ts';
import { buildOfferMessage } from './markers.ts';
import {
  acceptedOfferPrice,
  negotiationFromMessages,
  offerFormState,
  type TransactionMessage,
} from './negotiation.ts';

const eur = (amount: number) => money(amount, 'EUR');
const parties = { customerId: 'c1', providerId: 'p1' };
let minute = 0;
const msg = (senderId: string, content: string): TransactionMessage => ({
  senderId,
  content,
  createdAt: new Date(Date.UTC(2026, 4, 4, 10, minute++)),
});
const offer = (amount: number, by = 'p1') => msg(by, buildOfferMessage('offered', eur(amount)));
const answer = (kind: 'accepted' | 'declined', amount: number, by = 'c1') =>
  msg(by, buildOfferMessage(kind, eur(amount)));

describe('negotiation from messages', () => {
  it('follows offer and acceptance', () => {
    const messages = [msg('c1', '¿Podría bajar el precio?'), offer(2000), answer('accepted', 2000)];
    expect(negotiationFromMessages(messages, parties)).toEqual({ status: 'accepted', unitPrice: eur(2000) });
    expect(acceptedOfferPrice(messages, parties)).toEqual(eur(2000));
  });

  it('reads the messages in time order whatever order they come in', () => {
    const messages = [offer(2000), answer('accepted', 2000)].reverse();
    expect(acceptedOfferPrice(messages, parties)).toEqual(eur(2000));
  });

  it.each([
    ['no offer at all', [msg('c1', 'hola')], null],
    ['an open offer', [offer(2000)], { status: 'offered', unitPrice: eur(2000) }],
    [
      'a declined offer',
      [offer(2000), answer('declined', 2000)],
      { status: 'declined', unitPrice: eur(2000) },
    ],
    [
      'a new offer after a decline',
      [offer(2000), answer('declined', 2000), offer(2200)],
      {
        status: 'offered',
        unitPrice: eur(2200),
      },
    ],
  ])('%s', (_label, messages, expected) => {
    expect(negotiationFromMessages(messages, parties)).toEqual(expected);
  });

  it.each([
    ['an acceptance of a price nobody offered', [offer(2000), answer('accepted', 100)]],
    ['an acceptance sent by the provider', [offer(2000), answer('accepted', 2000, 'p1')]],
    ['an offer sent by the customer', [offer(100, 'c1'), answer('accepted', 100)]],
    ['an acceptance of an older offer', [offer(1500), offer(2000), answer('accepted', 1500)]],
    ['an acceptance after a decline', [offer(2000), answer('declined', 2000), answer('accepted', 2000)]],
  ])('ignores %s', (_label, messages) => {
    expect(acceptedOfferPrice(messages, parties)).toBeNull();
  });
});

describe('offer form state', () => {
  it.each([
    ['no marker', [msg('p1', 'hola')], 'not-sent'],
    ['an offer', [offer(2000)], 'sent-or-accepted'],
    ['an acceptance', [offer(2000), answer('accepted', 2000)], 'sent-or-accepted'],
    ['a decline last', [offer(2000), answer('declined', 2000), msg('c1', 'lo siento')], 'not-sent'],
    ['an offer after a decline', [offer(2000), answer('declined', 2000), offer(1800)], 'sent-or-accepted'],
  ])('%s → %s', (_label, messages, state) => {
    expect(offerFormState(messages)).toBe(state);
  });
});
