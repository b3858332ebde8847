import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type SerializerCompiler = Parameters<typeof zodSerializerCompiler>[0];

/**
 * Responses written by code compiled from each route's response schema (fast-json-stringify, what
 * Fastify does with a JSON Schema), rather than by zod encoding the whole answer and then
 * `JSON.stringify` (decision 0069). The schema still names every field a response may carry: a
 * field the handler added by mistake is left out, and a missing required one fails the response
 * (500) as before. What zod did besides, checking each value's type and format, the route's types
 * already do when the code is compiled.
 *
 * Only schemas whose every part the compiled code writes as zod did are compiled (`compilable`);
 * any other keeps zod's encoder, and so does one whose compiling fails.
 */
export const serializerCompiler = (route: SerializerCompiler): ((data: unknown) => string) => {
  const schema = route.schema as unknown;
  if (!(schema instanceof z.ZodType)) return zodSerializerCompiler(route);
  // Compiled on the route's first answer: compiling all of them made the app start in 0.2 s more
  // (a few milliseconds each), which every test that builds one would pay.
  let stringify: ((data: unknown) => string) | undefined;
  return (data) => {
    stringify ??= compiledStringify(schema) ?? zodSerializerCompiler(route);
    return stringify(data);
  };
};

/** The compiled writer for `schema`'s output, or `undefined` where zod's encoder must stay. */
export function compiledStringify(schema: ZodType): ((data: unknown) => string) | undefined {
  if (!compilable(schema, { inUnion: false, recordValue: false })) return undefined;
  try {
    const { $schema: _draft, ...json } = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-07',
      unrepresentable: 'throw',
    }) as Record<string, unknown>;
    return fastJsonStringify(
      allowingOtherFields(json) as unknown as Parameters<typeof fastJsonStringify>[0],
    ) as (data: unknown) => string;
  } catch {
    return undefined;
  }
}

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string } } }[];
  shape?: Record<string, ZodType>;
  catchall?: ZodType;
  element?: ZodType;
  innerType?: ZodType;
  options?: ZodType[];
  keyType?: ZodType;
  valueType?: ZodType;
}

const LEAVES = new Set(['string', 'number', 'boolean', 'null', 'literal', 'enum']);

/**
 * Whether the compiled code writes every value `schema` accepts as zod's encoder wrote it, and
 * leaves out every field zod left out. Not so, and so left to zod: anything that changes a value on
 * the way out (a transform, pipe or codec, a default, `trim()` and the other rewriting checks); a
 * record whose keys are limited (JSON Schema's `propertyNames`, which the compiled code ignores); an
 * object keeping unnamed fields (`looseObject`, `catchall`); unknown values but a record's; and in a
 * union, whose branch the compiled code picks by validating the value against each, a closed object
 * or a refinement, which that validation cannot see as zod did.
 */
function compilable(schema: ZodType, at: { inUnion: boolean; recordValue: boolean }): boolean {
  const def = schema._zod.def as unknown as Def;
  const checks = (def.checks ?? []).map((check) => check._zod.def.check);
  if (checks.includes('overwrite') || (at.inUnion && checks.includes('custom'))) return false;
  const inner = (child: ZodType | undefined, recordValue = false) =>
    child !== undefined && compilable(child, { inUnion: at.inUnion, recordValue });
  switch (def.type) {
    case 'object':
      return def.catchall === undefined && Object.values(def.shape ?? {}).every((field) => inner(field));
    case 'array':
      return inner(def.element);
    case 'optional':
    case 'nullable':
    case 'readonly':
      return inner(def.innerType);
    case 'union':
      return (def.options ?? []).every((option) => compilable(option, { inUnion: true, recordValue: false }));
    case 'record': {
      const key = def.keyType?._zod.def as unknown as Def | undefined;
      return key?.type === 'string' && (key.checks ?? []).length === 0 && inner(def.valueType, true);
    }
    case 'unknown':
    case 'any':
      return at.recordValue;
    default:
      return LEAVES.has(def.type);
  }
}

/**
 * The schema without zod's `additionalProperties: false`. The compiled code writes only the named
 * fields either way; but where a field may be one of several shapes (an object or null), it picks
 * the shape by validating the value against each, and a closed object would make a value with one
 * field more match none and fail the response, where zod only left that field out.
 */
function allowingOtherFields(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(allowingOtherFields);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, allowingOtherFields(value)]),
  );
}
