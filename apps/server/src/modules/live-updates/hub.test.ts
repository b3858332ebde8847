import { afterEach, describe, expect, it } from 'vitest';
import { LiveHub, type LiveStream } from './hub.ts';
import { parseNotice } from './notices.ts';

const CUSTOMER = '11111111-1111-4111-8111-111111111111';
const PROVIDER = '22222222-2222-4222-8222-222222222222';
const STRANGER = '33333333-3333-4333-8333-333333333333';
const TRANSACTION = '44444444-4444-4444-8444-444444444444';

function stream(userId: string, sessionId = `session-of-${userId}`) {
  const written: string[] = [];
  const s: LiveStream & { written: string[]; ended: boolean } = {
    userId,
    sessionId,
    written,
    ended: false,
    write: (chunk) => written.push(chunk),
    end: () => {
      s.ended = true;
    },
  };
  return s;
}

const hubs: LiveHub[] = [];
function hub(live = new Set<string>(), limits: { maxPerUser?: number; maxTotal?: number } = {}) {
  const made = new LiveHub({
    maxPerUser: limits.maxPerUser ?? 6,
    maxTotal: limits.maxTotal ?? 100,
    heartbeatMs: 60_000,
    sessionCheckMs: 60_000,
    liveSessions: async (ids) => new Set(ids.filter((id) => live.has(id))),
    onError: () => {},
  });
  hubs.push(made);
  return made;
}
afterEach(() => {
  for (const made of hubs.splice(0)) made.close();
});

describe('the live hub', () => {
  it('writes a transaction notice to its two parties only, each with their role', () => {
    const h = hub();
    const [customer, provider, stranger] = [stream(CUSTOMER), stream(PROVIDER), stream(STRANGER)];
    for (const s of [customer, provider, stranger]) expect(h.open(s)).toBe('admitted');
    h.deliver({ kind: 'message', transaction: TRANSACTION, customer: CUSTOMER, provider: PROVIDER });
    expect(customer.written).toEqual([
      `data: {"kind":"message","transaction":"${TRANSACTION}","role":"customer"}\n\n`,
    ]);
    expect(provider.written).toEqual([
      `data: {"kind":"message","transaction":"${TRANSACTION}","role":"provider"}\n\n`,
    ]);
    expect(stranger.written).toEqual([]);
  });

  it('ends the streams of an ended session, and only those', () => {
    const h = hub();
    const [phone, laptop] = [stream(CUSTOMER, 'phone'), stream(CUSTOMER, 'laptop')];
    h.open(phone);
    h.open(laptop);
    h.deliver({ kind: 'session-ended', session: 'phone' });
    expect(phone.ended).toBe(true);
    expect(laptop.ended).toBe(false);
    expect(h.size).toBe(1);
  });

  it('refuses streams beyond the limits, and after closing; a removed stream frees its place', () => {
    const h = hub(new Set(), { maxPerUser: 1, maxTotal: 2 });
    const first = stream(CUSTOMER);
    expect(h.open(first)).toBe('admitted');
    expect(h.open(stream(CUSTOMER))).toBe('too-many-for-user');
    expect(h.open(stream(PROVIDER))).toBe('admitted');
    expect(h.open(stream(STRANGER))).toBe('too-many');
    h.remove(first);
    h.remove(first);
    expect(h.size).toBe(1);
    expect(h.open(stream(STRANGER))).toBe('admitted');
    h.close();
    expect(h.size).toBe(0);
    expect(h.open(stream(CUSTOMER))).toBe('closing');
  });

  it('ends the streams whose sessions are no longer valid at the check', async () => {
    const h = hub(new Set(['kept']));
    const [kept, dropped] = [stream(CUSTOMER, 'kept'), stream(PROVIDER, 'dropped')];
    h.open(kept);
    h.open(dropped);
    await h.checkSessions();
    expect(kept.ended).toBe(false);
    expect(dropped.ended).toBe(true);
  });
});

describe('notices', () => {
  it('reads the triggers’ payloads and nothing else', () => {
    const payload = { kind: 'transition', transaction: TRANSACTION, customer: CUSTOMER, provider: PROVIDER };
    expect(parseNotice(JSON.stringify(payload))).toEqual(payload);
    expect(parseNotice(JSON.stringify({ kind: 'session-ended', session: TRANSACTION }))).toEqual({
      kind: 'session-ended',
      session: TRANSACTION,
    });
    expect(parseNotice('not json')).toBeNull();
    expect(parseNotice(JSON.stringify({ ...payload, kind: 'other' }))).toBeNull();
    expect(parseNotice(JSON.stringify({ ...payload, customer: 'x' }))).toBeNull();
    expect(parseNotice(undefined)).toBeNull();
  });
});
