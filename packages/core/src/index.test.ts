import { describe, expect, it } from 'vitest';
import * as core from './index.ts';

describe('@hora/core entry point', () => {
  it('re-exports the main API of every folder', () => {
    expect(core.formatMoney(core.money(2500, 'EUR'))).toBe('25,00\u00a0€');
    expect(core.pathByRouteName('ListingPageCanonical', { id: 'l1' })).toBe('/l/l1');
    expect(core.nextTransitions('initial', 'customer')).toEqual(['enquire', 'request-payment']);
    expect(core.subscriptionTier(['p'], { premiumPriceId: 'p', standardPriceId: 's' })).toBe('premium');
    expect(core.validation.email().safeParse('ana@example.es').success).toBe(true);
    expect(core.VALIDATION_MESSAGE_KEYS).toContain('validation.required');
    expect(typeof core.computeTimeSlots).toBe('function');
    expect(new core.AppError('forbidden').status).toBe(403);
    expect(core.safeReturnPath('//evil.example')).toBe('/');
  });
});
