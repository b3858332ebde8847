import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ageOn, birthDateSchema, birthYearOptions, isRealDate } from './birth-date.ts';
import { MESSAGES, VALIDATION_MESSAGE_KEYS } from './messages.ts';
import {
  email,
  fieldErrors,
  httpUrl,
  isoDateTime,
  locationSearch,
  maxLength,
  minLength,
  moneySchema,
  nonEmptyArray,
  objectWithTruthyEntry,
  optionalString,
  password,
  requiredBoolean,
  requiredString,
  requiredUntrimmedString,
  requiredValue,
  selectedPlace,
  textArea,
  title,
  validate,
} from './shared.ts';

const firstError = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('message keys', () => {
  it('are unique, dotted and English identifiers', () => {
    expect(new Set(VALIDATION_MESSAGE_KEYS).size).toBe(VALIDATION_MESSAGE_KEYS.length);
    for (const key of VALIDATION_MESSAGE_KEYS) expect(key).toMatch(/^validation(\.[a-zA-Z0-9]+)+$/);
    expect(VALIDATION_MESSAGE_KEYS).toContain('validation.required');
    expect(VALIDATION_MESSAGE_KEYS).toContain('validation.email.invalid');
    expect(VALIDATION_MESSAGE_KEYS).toContain('validation.password.tooShort');
  });
});

describe('required variants', () => {
  it.each([
    [requiredString(), '  x  ', null],
    [requiredString(), '   ', MESSAGES.required],
    [requiredString(), undefined, MESSAGES.required],
    [requiredString(), 5, MESSAGES.required],
    [requiredUntrimmedString(), '   ', null],
    [requiredUntrimmedString(), '', MESSAGES.required],
    [requiredBoolean(), false, null],
    [requiredBoolean(), undefined, MESSAGES.required],
    [requiredValue(), 0, null],
    [requiredValue(), null, MESSAGES.required],
    [nonEmptyArray(z.string()), ['a'], null],
    [nonEmptyArray(z.string()), [], MESSAGES.arrayEmpty],
    [nonEmptyArray(z.string()), undefined, MESSAGES.required],
    [objectWithTruthyEntry(), { a: false, b: true }, null],
    [objectWithTruthyEntry(), { a: false }, MESSAGES.objectEmpty],
    [minLength(3), 'abc', null],
    [minLength(3), 'ab', MESSAGES.tooShort],
    [maxLength(3), '', null],
    [maxLength(3), 'abcd', MESSAGES.tooLong],
  ] as const)('%# → %s', (schema, value, message) => {
    expect(firstError(schema, value)).toBe(message);
  });

  it('trims required strings and drops empty optional ones', () => {
    expect(requiredString().parse('  Sala  ')).toBe('Sala');
    expect(optionalString().parse('   ')).toBeUndefined();
    expect(optionalString().parse(undefined)).toBeUndefined();
    expect(optionalString(3).safeParse('abcd').success).toBe(false);
  });
});

describe('email and password', () => {
  it.each([
    ['ana@example.es', null],
    ['ANA.Perez+hora@Sub.Example.COM', null],
    ['  ana@example.es ', null],
    ['ana@example.e', MESSAGES.emailInvalid],
    ['ana@example', MESSAGES.emailInvalid],
    ['ana example@x.es', MESSAGES.emailInvalid],
    ['ana@@x.es', MESSAGES.emailInvalid],
    ['<ana>@x.es', MESSAGES.emailInvalid],
    ['', MESSAGES.required],
  ])('email %j → %s', (value, message) => {
    expect(firstError(email(), value)).toBe(message);
  });

  it.each([
    ['1234567', MESSAGES.passwordTooShort],
    ['12345678', null],
    ['        ', null],
    ['x'.repeat(256), null],
    ['x'.repeat(257), MESSAGES.passwordTooLong],
    ['', MESSAGES.required],
  ])('password %j → %s', (value, message) => {
    expect(firstError(password(), value)).toBe(message);
  });

  it('takes configured password bounds', () => {
    expect(firstError(password({ min: 12 }), '12345678901')).toBe(MESSAGES.passwordTooShort);
    expect(firstError(password({ max: 10 }), '12345678901')).toBe(MESSAGES.passwordTooLong);
  });
});

describe('texts', () => {
  it('limits text areas to 5000 and titles to 60 trimmed characters', () => {
    expect(firstError(textArea(), 'x'.repeat(5000))).toBeNull();
    expect(firstError(textArea(), 'x'.repeat(5001))).toBe(MESSAGES.textTooLong);
    expect(title().parse(`  ${'x'.repeat(60)}  `)).toHaveLength(60);
    expect(firstError(title(), 'x'.repeat(61))).toBe(MESSAGES.titleTooLong);
    expect(firstError(title(), '   ')).toBe(MESSAGES.required);
  });

  it('requires a location search with a picked place', () => {
    const place = { address: 'Madrid', origin: { lat: 40.4, lng: -3.7 } };
    expect(firstError(locationSearch(), { search: 'Madr', selectedPlace: place })).toBeNull();
    expect(firstError(locationSearch(), { search: ' ', selectedPlace: place })).toBe(
      MESSAGES.locationSearchRequired,
    );
    expect(firstError(locationSearch(), undefined)).toBe(MESSAGES.locationSearchRequired);
    expect(firstError(locationSearch(), { search: 'Madr' })).toBe(MESSAGES.placeRequired);
  });

  it('checks urls, instants and places', () => {
    expect(firstError(httpUrl(), 'https://www.youtube.com/embed/abc')).toBeNull();
    expect(firstError(httpUrl(), 'javascript:alert(1)')).toBe(MESSAGES.urlInvalid);
    expect(isoDateTime().parse('2026-03-29T01:00:00+01:00')).toEqual(new Date('2026-03-29T00:00:00Z'));
    expect(firstError(isoDateTime(), '2026-03-29')).toBe(MESSAGES.dateInvalid);
    expect(firstError(selectedPlace(), { address: 'Madrid', origin: { lat: 40.4, lng: -3.7 } })).toBeNull();
    expect(firstError(selectedPlace(), { address: 'Madrid' })).toBe(MESSAGES.required);
    expect(firstError(selectedPlace(), undefined)).toBe(MESSAGES.placeRequired);
    expect(firstError(selectedPlace(), { address: '', origin: { lat: 1, lng: 1 } })).toBe(
      MESSAGES.placeRequired,
    );
  });
});

describe('money', () => {
  it.each([
    [{ amount: 2500, currency: 'EUR' }, {}, null],
    [{ amount: 0, currency: 'EUR' }, { minAmount: 0 }, null],
    [{ amount: 99, currency: 'EUR' }, { minAmount: 100 }, MESSAGES.moneyTooLow],
    [{ amount: 2500, currency: 'USD' }, { currency: 'EUR' }, MESSAGES.currencyInvalid],
    [{ amount: 2500, currency: 'XXX' }, {}, MESSAGES.currencyInvalid],
    [{ amount: 25.5, currency: 'EUR' }, {}, MESSAGES.moneyInvalid],
    [{ amount: 2 ** 60, currency: 'EUR' }, {}, MESSAGES.moneyInvalid],
    [undefined, {}, MESSAGES.required],
  ])('%j with %j → %s', (value, options, message) => {
    expect(firstError(moneySchema(options), value)).toBe(message);
  });
});

describe('minimum age', () => {
  it.each([
    [{ day: 29, month: 3, year: 2008 }, '2026-03-29', 18],
    [{ day: 30, month: 3, year: 2008 }, '2026-03-29', 17],
    [{ day: 29, month: 2, year: 2008 }, '2026-02-28', 17],
    [{ day: 29, month: 2, year: 2008 }, '2026-03-01', 18],
    [{ day: 1, month: 12, year: 1990 }, '2026-11-30', 35],
  ])('%j is %i on %s', (birth, today, age) => {
    expect(ageOn(birth, today)).toBe(age);
  });

  it.each([
    [{ day: 29, month: 3, year: 2008 }, null],
    [{ day: '29', month: '3', year: '2008' }, null],
    [{ day: 30, month: 3, year: 2008 }, MESSAGES.birthDateTooYoung],
    [{ day: 31, month: 2, year: 1990 }, MESSAGES.birthDateInvalid],
    [{ day: 1.5, month: 2, year: 1990 }, MESSAGES.birthDateInvalid],
    [{ day: 1, month: 13, year: 1990 }, MESSAGES.birthDateInvalid],
    [{ month: 1, year: 1990 }, MESSAGES.required],
    [undefined, MESSAGES.required],
  ])('birth date %j → %s', (value, message) => {
    expect(firstError(birthDateSchema({ today: '2026-03-29' }), value)).toBe(message);
  });

  it('takes a configured minimum age and lists 81 year choices', () => {
    expect(
      firstError(birthDateSchema({ today: '2026-03-29', minimumAge: 14 }), { day: 1, month: 1, year: 2012 }),
    ).toBeNull();
    expect(isRealDate({ day: 29, month: 2, year: 2024 })).toBe(true);
    expect(isRealDate({ day: 29, month: 2, year: 2026 })).toBe(false);
    const years = birthYearOptions(2026);
    expect(years).toHaveLength(81);
    expect(years[0]).toBe(2026);
    expect(years[80]).toBe(1946);
  });
});

describe('field errors', () => {
  const schema = z.object({
    email: email(),
    password: password(),
    nested: z.object({ x: requiredString() }),
  });

  it('keeps the first message per field', () => {
    expect(validate(schema, { email: 'bad', password: '123', nested: { x: '' } })).toEqual({
      ok: false,
      errors: {
        email: MESSAGES.emailInvalid,
        password: MESSAGES.passwordTooShort,
        'nested.x': MESSAGES.required,
      },
    });
    expect(validate(schema, { email: 'a@b.es', password: '12345678', nested: { x: 'y' } })).toEqual({
      ok: true,
      data: { email: 'a@b.es', password: '12345678', nested: { x: 'y' } },
    });
  });

  it('maps foreign messages to validation.invalid', () => {
    const foreign = z.object({ n: z.number() }).safeParse({ n: 'x' });
    expect(fieldErrors(foreign.error)).toEqual({ n: MESSAGES.invalid });
    expect(fieldErrors(undefined)).toEqual({});
  });
});
