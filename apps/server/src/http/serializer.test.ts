import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { type ZodType, z } from 'zod';
import { listingCardViewSchema, paginationMetaSchema } from '../modules/listings/response-schemas.ts';
import { compiledStringify, serializerCompiler } from './serializer.ts';

const cardsPage = z.object({ data: z.array(listingCardViewSchema), meta: paginationMetaSchema });

const variant = { width: 400, height: 267, webp: '/uploads/a-400.webp', jpeg: '/uploads/a-400.jpg' };
const card = {
  id: '0b7a3e0c-54d1-4c1e-9f3b-3c2a9d1e8f10',
  title: 'Cocina "La Bodega" — 12 m²',
  price: { amount: 2500, currency: 'EUR' },
  negotiation: 'no',
  minPrice: null,
  maxPrice: 40.5,
  certificate: null,
  categories: ['cocina', 'sala'],
  capacity: 8,
  geolocation: { lat: 40.4168, lng: -3.7038 },
  createdAt: '2026-11-27T10:00:00.000Z',
  image: {
    id: '5d1c9a7e-2b1f-4a8e-8c3d-7e6f5a4b3c2d',
    width: 1200,
    height: 800,
    variants: { 'landscape-crop': variant, 'landscape-crop2x': { ...variant, width: 800, height: 533 } },
  },
  premium: false,
};
const page = { data: [card, { ...card, price: null, image: null, geolocation: null }], meta: pageMeta() };

function pageMeta() {
  return { page: 1, perPage: 24, totalItems: 2, totalPages: 1 };
}

describe('compiled response serializer (decision 0069)', () => {
  it('writes what zod’s encoder wrote, field for field', () => {
    const stringify = compiledStringify(cardsPage);
    expect(stringify).toBeDefined();
    const written = stringify?.(page) as string;
    expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(z.encode(cardsPage, page as never))));
    expect(JSON.parse(written)).toEqual(page);
  });

  it('leaves out any field the schema does not name, at every depth and inside nullable objects', () => {
    const leaky = {
      data: [
        {
          ...card,
          authorEmail: 'host@hora.test',
          price: { ...card.price, hostShare: 2200 },
          image: { ...card.image, storageKey: 'private/a.jpg' },
          geolocation: { ...card.geolocation, exact: true },
        },
      ],
      meta: { ...pageMeta(), sql: 'select' },
      debug: { query: 'select *' },
    };
    const written = compiledStringify(cardsPage)?.(leaky) as string;
    for (const secret of [
      'authorEmail',
      'host@hora.test',
      'hostShare',
      'storageKey',
      'exact',
      'sql',
      'debug',
    ])
      expect(written).not.toContain(secret);
    expect(JSON.parse(written)).toEqual({ data: [card], meta: pageMeta() });
  });

  it('omits an absent optional field and fails on a missing required one', () => {
    const schema = z.object({ id: z.string(), note: z.string().optional() });
    const stringify = compiledStringify(schema);
    expect(stringify?.({ id: 'a' })).toBe('{"id":"a"}');
    expect(stringify?.({ id: 'a', note: undefined })).toBe('{"id":"a"}');
    expect(() => stringify?.({ note: 'x' })).toThrow(/id/);
  });

  it('leaves to zod’s encoder every schema the compiled code would not write as zod did', () => {
    const id = z.string();
    const leftToZod = {
      transform: z.object({ at: z.date().transform((date) => date.getTime()) }),
      pipe: z.object({ n: z.string().pipe(z.string()) }),
      codec: z.object({ on: z.stringbool() }),
      default: z.object({ n: z.string().default('d') }),
      trim: z.object({ name: z.string().trim() }),
      lowerCase: z.object({ email: z.string().toLowerCase() }),
      keysLimited: z.object({ variants: z.record(z.enum(['small', 'large']), z.string()) }),
      keysPattern: z.object({ byId: z.record(z.string().regex(/^a/), z.string()) }),
      loose: z.looseObject({ id }),
      catchall: z.object({ id }).catchall(z.string()),
      strict: z.strictObject({ id }),
      unknownField: z.object({ id, extra: z.unknown() }),
      strictInUnion: z.union([z.strictObject({ a: id }), z.object({ a: id, b: id })]),
      refinedInUnion: z.union([z.object({ a: id }).refine((value) => value.a !== 'x'), z.object({ b: id })]),
      lazy: z.object({ next: z.lazy(() => z.string()) }),
    };
    for (const [name, schema] of Object.entries(leftToZod))
      expect(compiledStringify(schema as ZodType), name).toBeUndefined();

    const compiled = {
      cardsPage,
      recordOfUnknown: z.object({ meta: z.record(z.string(), z.unknown()) }),
      union: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('sandbox'), id }),
        z.object({ kind: z.literal('stripe'), id, account: id }),
      ]),
      readonly: z.object({ ids: z.array(id).readonly() }),
    };
    for (const [name, schema] of Object.entries(compiled))
      expect(compiledStringify(schema as ZodType), name).toBeDefined();
  });

  it('writes the branch of a union a value is, with all of its fields and no others', () => {
    const schema = z.object({
      provider: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('sandbox'), id: z.string() }),
        z.object({ kind: z.literal('stripe'), id: z.string(), account: z.string() }),
      ]),
    });
    const stringify = compiledStringify(schema);
    expect(
      JSON.parse(stringify?.({ provider: { kind: 'stripe', id: 'p', account: 'acct', key: 's' } }) ?? ''),
    ).toEqual({
      provider: { kind: 'stripe', id: 'p', account: 'acct' },
    });
    expect(
      JSON.parse(stringify?.({ provider: { kind: 'sandbox', id: 'p', account: 'acct' } }) ?? ''),
    ).toEqual({
      provider: { kind: 'sandbox', id: 'p' },
    });
  });

  it('answers through Fastify with the compiled writer, or zod’s encoder where it must stay', async () => {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // A handler whose answer carries one field more than its schema (as a spread record would).
    const answer = { ...page, secret: 'never sent' } as unknown as z.output<typeof cardsPage>;
    app.get('/compiled', { schema: { response: { 200: cardsPage } } }, async () => answer);
    app.get('/zod', { schema: { response: { 200: z.object({ at: z.number() }).strict() } } }, async () => ({
      at: 5,
    }));
    // A key the record's enum does not name is refused, as zod refused it: never written.
    const avatar = z.object({ variants: z.record(z.enum(['small', 'large']), z.string()) });
    const avatarAnswer = { variants: { small: 'a', large: 'b', secretKey: 'x' } } as unknown as z.output<
      typeof avatar
    >;
    app.get('/record', { schema: { response: { 200: avatar } } }, async () => avatarAnswer);
    const record = await app.inject({ method: 'GET', url: '/record' });
    expect(record.statusCode).toBe(500);
    expect(record.body).not.toContain('secretKey');
    const compiled = await app.inject({ method: 'GET', url: '/compiled' });
    expect(compiled.statusCode).toBe(200);
    expect(compiled.json()).toEqual(page);
    expect(compiled.body).not.toContain('never sent');
    expect((await app.inject({ method: 'GET', url: '/zod' })).json()).toEqual({ at: 5 });
    await app.close();
  });
});
