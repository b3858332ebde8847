import { describe, expect, it } from 'vitest';
import { payoutReturnPaths } from './payout-return-paths.ts';

describe('payout return paths', () => {
  it('return to the wizard tab the host left, keeping the draft id', () => {
    expect(payoutReturnPaths('/l/sala-luz/3f0c2a8e-6b1d-4d3e-9a57-2c1e0b9f4a11/draft/photos')).toEqual({
      success: '/l/sala-luz/3f0c2a8e-6b1d-4d3e-9a57-2c1e0b9f4a11/draft/photos/success',
      failure: '/l/sala-luz/3f0c2a8e-6b1d-4d3e-9a57-2c1e0b9f4a11/draft/photos/failure',
    });
  });

  it('replace the return type of a wizard return page rather than adding one', () => {
    expect(payoutReturnPaths('/l/x/7d2f/new/photos/failure').success).toBe('/l/x/7d2f/new/photos/success');
  });

  it.each([
    '/account/payments',
    '/account/payments/failure',
    '/listings',
    'https://evil.example/l/a/b/c/d',
    '//evil.example',
    undefined,
  ])('send everything else (%s) to the payout settings', (returnPath) => {
    expect(payoutReturnPaths(returnPath)).toEqual({
      success: '/account/payments/success',
      failure: '/account/payments/failure',
    });
  });
});
