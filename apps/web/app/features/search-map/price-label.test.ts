import { describe, expect, it } from 'vitest';
import { mapCard } from './map.fixture.ts';
import { priceLabel } from './price-label.ts';

const nbsp = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe('a price marker’s text', () => {
  it('whole euros without decimals', () => {
    expect(nbsp(priceLabel(mapCard('a'), 'es', 'Sin precio'))).toBe('25 €');
    expect(nbsp(priceLabel(mapCard('a'), 'en', 'No price'))).toBe('€25');
  });

  it('cents when there are cents', () => {
    expect(nbsp(priceLabel(mapCard('a', { price: { amount: 2550, currency: 'EUR' } }), 'es', '-'))).toBe(
      '25,50 €',
    );
  });

  it('a range for negotiable listings', () => {
    const listing = mapCard('a', { negotiation: 'yes', minPrice: 20, maxPrice: 30 });
    expect(nbsp(priceLabel(listing, 'es', '-'))).toBe('20 € – 30 €');
  });

  it('only the code of another currency', () => {
    expect(priceLabel(mapCard('a', { price: { amount: 2500, currency: 'USD' } }), 'es', '-')).toBe('(USD)');
  });

  it('the given text with no price', () => {
    expect(priceLabel(mapCard('a', { price: null }), 'es', 'Sin precio')).toBe('Sin precio');
  });
});
