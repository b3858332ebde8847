import type { MessageView, TransitionRecordView } from '@hora/core/transactions';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { activityFeed, TRANSITION_LINE_KEYS, transitionLineKey } from './activity-feed.ts';

const CUSTOMER = 'c1';
const PROVIDER = 'p1';

const message = (id: string, senderId: string, createdAt: string): MessageView => ({
  id,
  senderId,
  content: `text ${id}`,
  createdAt,
  offer: null,
});
const transition = (
  name: TransitionRecordView['transition'],
  createdAt: string,
  by: TransitionRecordView['by'],
): TransitionRecordView => ({ transition: name, createdAt, by });

const TRANSITIONS = [
  transition('enquire', '2025-11-20T09:00:00.000Z', 'customer'),
  transition('request-payment-after-enquiry', '2025-11-20T10:00:00.000Z', 'customer'),
  transition('confirm-payment', '2025-11-20T10:02:00.000Z', 'customer'),
  transition('accept', '2025-11-20T11:00:00.000Z', 'provider'),
  transition('complete', '2025-11-24T11:00:00.000Z', 'system'),
];
const MESSAGES = [
  // The enquiry's first message, written in the same instant as the transition.
  message('m1', CUSTOMER, '2025-11-20T09:00:00.000Z'),
  message('m2', PROVIDER, '2025-11-20T09:30:00.000Z'),
  message('m3', CUSTOMER, '2025-11-20T10:30:00.000Z'),
];

const keys = (items: ReturnType<typeof activityFeed>) => items.map((item) => item.key);

describe('activityFeed', () => {
  it('sorts messages and transitions by time, a transition before a message of the same instant', () => {
    const items = activityFeed({
      messages: MESSAGES,
      transitions: TRANSITIONS,
      viewerId: CUSTOMER,
      role: 'customer',
      hasOlderMessages: false,
    });
    expect(keys(items)).toEqual([
      'transition:enquire',
      'message:m1',
      'message:m2',
      'transition:confirm-payment',
      'message:m3',
      'transition:accept',
      'transition:complete',
    ]);
  });

  it('tells who did it from the viewer’s side, and which messages are the viewer’s own', () => {
    const asProvider = activityFeed({
      messages: MESSAGES,
      transitions: TRANSITIONS,
      viewerId: PROVIDER,
      role: 'provider',
      hasOlderMessages: false,
    });
    const doers = asProvider.flatMap((item) =>
      item.kind === 'transition' ? [[item.transition, item.doer]] : [],
    );
    expect(doers).toEqual([
      ['enquire', 'other'],
      ['confirm-payment', 'other'],
      ['accept', 'you'],
      ['complete', 'marketplace'],
    ]);
    const own = asProvider.flatMap((item) => (item.kind === 'message' ? [[item.message.id, item.own]] : []));
    expect(own).toEqual([
      ['m1', false],
      ['m2', true],
      ['m3', false],
    ]);
  });

  it('leaves out the transitions older than the loaded messages while older pages wait', () => {
    const items = activityFeed({
      messages: MESSAGES.slice(1),
      transitions: TRANSITIONS,
      viewerId: CUSTOMER,
      role: 'customer',
      hasOlderMessages: true,
    });
    expect(keys(items)[0]).toBe('message:m2');
    expect(keys(items)).not.toContain('transition:enquire');
  });

  it('has a line in both languages for every transition it shows', () => {
    expect(transitionLineKey('accept', 'other')).toBe('conversation.transition.accept.other');
    expect(transitionLineKey('complete', 'marketplace')).toBe('conversation.transition.complete');
    for (const locale of ['es', 'en'] as const) {
      const catalogue = mergedCatalogue(locale);
      expect(TRANSITION_LINE_KEYS.filter((key) => !(key in catalogue))).toEqual([]);
    }
  });
});
