import { listingPricingRequestSchema, validate } from '@hora/core/validation';
import { describe, expect, it } from 'vitest';
import {
  midpointPreview,
  parseEuros,
  pricingBody,
  pricingFieldErrors,
  pricingValuesOf,
} from './pricing-form.ts';

describe('parseEuros', () => {
  it.each([
    ['25', 25],
    ['12,5', 12.5],
    ['12.50', 12.5],
    [' 7 ', 7],
    ['0', 0],
  ])('reads %j as %d euros', (text, euros) => {
    expect(parseEuros(text)).toBe(euros);
  });

  it.each(['', 'doce', '12,505', '-3', '1.234,50', '1e3'])('refuses %j', (text) => {
    expect(parseEuros(text)).toBeNull();
  });
});

describe('pricingBody', () => {
  it('sends one price in cents of euro without negotiation', () => {
    const body = pricingBody({ negociation: 'no', price: '12,50', minPrice: '', maxPrice: '' });
    expect(body).toEqual({ negociation: 'no', price: { amount: 1250, currency: 'EUR' } });
    expect(validate(listingPricingRequestSchema, body).ok).toBe(true);
  });

  it('sends min and max in euros with negotiation', () => {
    const body = pricingBody({ negociation: 'yes', price: '', minPrice: '10', maxPrice: '15,01' });
    expect(body).toEqual({ negociation: 'yes', minPrice: 10, maxPrice: 15.01 });
    expect(validate(listingPricingRequestSchema, body).ok).toBe(true);
  });

  it('lets the schema report a max below the min, on the max', () => {
    const body = pricingBody({ negociation: 'yes', price: '', minPrice: '20', maxPrice: '10' });
    const result = validate(listingPricingRequestSchema, body);
    expect(result.ok ? {} : result.errors).toEqual({ maxPrice: 'validation.price.rangeInvalid' });
  });

  it('lets the schema report text that is no amount, on its field', () => {
    const result = validate(
      listingPricingRequestSchema,
      pricingBody({ negociation: 'no', price: 'doce', minPrice: '', maxPrice: '' }),
    );
    expect(pricingFieldErrors(result.ok ? {} : result.errors)).toEqual({ price: 'validation.money.invalid' });
  });
});

describe('midpointPreview', () => {
  it('shows the midpoint rounded half-up: 10 and 15.01 € give 12.51 €', () => {
    expect(midpointPreview({ negociation: 'yes', price: '', minPrice: '10', maxPrice: '15,01' })).toEqual({
      amount: 1251,
      currency: 'EUR',
    });
  });

  it('shows nothing until both ends are amounts in order', () => {
    expect(midpointPreview({ negociation: 'yes', price: '', minPrice: '10', maxPrice: '' })).toBeNull();
    expect(midpointPreview({ negociation: 'yes', price: '', minPrice: '30', maxPrice: '10' })).toBeNull();
    expect(midpointPreview({ negociation: 'no', price: '', minPrice: '10', maxPrice: '20' })).toBeNull();
  });
});

describe('pricingValuesOf', () => {
  it('shows a stored price in euros, with the comma in Spanish', () => {
    const listing = {
      negotiation: 'no' as const,
      minPrice: null,
      maxPrice: null,
      price: { amount: 1250, currency: 'EUR' as const },
    };
    expect(pricingValuesOf(listing, true)).toEqual({
      negociation: 'no',
      price: '12,5',
      minPrice: '',
      maxPrice: '',
    });
    expect(pricingValuesOf(listing, false).price).toBe('12.5');
  });

  it('shows the range of a negotiable listing, not its derived price', () => {
    const listing = {
      negotiation: 'yes' as const,
      minPrice: 10,
      maxPrice: 15.5,
      price: { amount: 1275, currency: 'EUR' as const },
    };
    expect(pricingValuesOf(listing, true)).toEqual({
      negociation: 'yes',
      price: '',
      minPrice: '10',
      maxPrice: '15,5',
    });
  });
});
