import { listingFeaturesRequestSchema, validate } from '@hora/core/validation';
import { describe, expect, it } from 'vitest';
import { featuresBody, featuresFieldErrors, featuresValuesOf } from './features-form.ts';

describe('features form', () => {
  it('starts from the saved features, empty text for what is missing', () => {
    expect(featuresValuesOf({ categories: ['sala'], certificate: null, capacity: 12, rules: null })).toEqual({
      category: ['sala'],
      certificate: '',
      capacity: '12',
      rules: '',
    });
  });

  it('sends the number of people as a number, and blank optional texts as nothing', () => {
    const body = featuresBody({
      category: ['cocina', 'taller'],
      certificate: '  ',
      capacity: ' 8 ',
      rules: '',
    });
    expect(body).toMatchObject({ category: ['cocina', 'taller'], capacity: 8 });
    const result = validate(listingFeaturesRequestSchema, body);
    expect(result.ok && result.data).toEqual({ category: ['cocina', 'taller'], capacity: 8 });
  });

  it('lets the schema refuse a missing category and a number of people that is not whole', () => {
    const result = validate(
      listingFeaturesRequestSchema,
      featuresBody({ category: [], certificate: '', capacity: '2,5', rules: '' }),
    );
    expect(result.ok ? {} : result.errors).toMatchObject({
      category: 'validation.category.required',
      capacity: 'validation.capacity.invalid',
    });
  });

  it('calls text that is no number a wrong number of people, not a missing one', () => {
    const values = { category: ['sala'], certificate: '', capacity: 'diez', rules: '' };
    const result = validate(listingFeaturesRequestSchema, featuresBody(values));
    expect(featuresFieldErrors(result.ok ? {} : result.errors, values)).toEqual({
      capacity: 'validation.capacity.invalid',
    });
    const empty = { ...values, capacity: '' };
    const missing = validate(listingFeaturesRequestSchema, featuresBody(empty));
    expect(featuresFieldErrors(missing.ok ? {} : missing.errors, empty)).toEqual({
      capacity: 'validation.required',
    });
  });
});
