import { describe, expect, it } from 'vitest';
import { hostListingsParamsSchema, hostListingsQuerySchema } from './host-listings.ts';
import { MESSAGES as M } from './messages.ts';
import { validate } from './shared.ts';

describe('a person’s listings request (GET /api/users/:id/listings)', () => {
  it('reads the page, 1 by default, from 1 to 10 000', () => {
    expect(hostListingsQuerySchema.parse({})).toEqual({ page: 1 });
    expect(hostListingsQuerySchema.parse({ page: '3' })).toEqual({ page: 3 });
    expect(hostListingsQuerySchema.parse({ page: '10000' })).toEqual({ page: 10_000 });
  });

  it.each(['0', '-1', '1.5', 'dos', '10001'])('refuses the page %s', (page) => {
    expect(validate(hostListingsQuerySchema, { page })).toEqual({
      ok: false,
      errors: { page: M.numberInvalid },
    });
  });

  it('takes a uuid as the person’s id, and nothing else', () => {
    const id = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    expect(hostListingsParamsSchema.parse({ id })).toEqual({ id });
    expect(validate(hostListingsParamsSchema, { id: 'not-a-uuid' })).toEqual({
      ok: false,
      errors: { id: M.uuidInvalid },
    });
  });
});
