import { describe, expect, it, vi } from 'vitest';
import { answerByCallback } from './client.ts';

type Callback = (error: Error | null, result?: unknown) => void;

/** A stand-in for a client's `query` that answers its callback, as node-postgres's does. */
function fakeQuery(answer: (config: unknown, values: unknown) => { error?: Error; result?: unknown }) {
  return vi.fn((...args: unknown[]) => {
    const callback = args.at(-1);
    if (typeof callback !== 'function') return 'promise form';
    const { error, result } = answer(args[0], args[1]);
    setImmediate(() => (callback as Callback)(error ?? null, result));
    return undefined;
  });
}

describe('answerByCallback', () => {
  it('makes a promise-form call with its callback', async () => {
    const query = fakeQuery(() => ({ result: { rows: [{ n: 1 }] } }));
    const config = { text: 'select $1::int as n', rowMode: 'array' };
    const result = await answerByCallback(query)(config, [1]);
    expect(result).toEqual({ rows: [{ n: 1 }] });
    const [sent, values, callback] = query.mock.calls[0] ?? [];
    expect(sent).toBe(config);
    expect(values).toEqual([1]);
    expect(typeof callback).toBe('function');
  });

  it('sends a text alone with no values and its callback', async () => {
    const query = fakeQuery(() => ({ result: 'done' }));
    await expect(answerByCallback(query)('begin')).resolves.toBe('done');
    expect(query.mock.calls[0]?.slice(0, 2)).toEqual(['begin', undefined]);
  });

  it('rejects with the query’s own error, its stack leading back to the caller', async () => {
    const failure = new Error('division by zero');
    failure.stack = 'Error: division by zero\n    at Socket.onStreamRead';
    const query = fakeQuery(() => ({ error: failure }));
    const answer = answerByCallback(query)('select 1 / 0') as Promise<unknown>;
    const rejected = await answer.catch((error: unknown) => error);
    expect(rejected).toBe(failure);
    expect(failure.stack).not.toContain('onStreamRead');
  });

  it('passes on a call with its own callback, or a submittable, as it is', () => {
    const query = vi.fn(() => 'as it is');
    const answer = answerByCallback(query);
    const callback = () => {};
    expect(answer('select 1', [], callback)).toBe('as it is');
    expect(query).toHaveBeenLastCalledWith('select 1', [], callback);
    const submittable = { submit: () => {} };
    expect(answer(submittable)).toBe('as it is');
    expect(query).toHaveBeenLastCalledWith(submittable);
  });
});
