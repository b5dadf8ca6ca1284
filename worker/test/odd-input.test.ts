// No 5xx on odd input: a property test (fast-check) that sends generated and malformed input to every REST path of
// the OpenAPI document (GET /api/openapi.json: its path and query parameters and its request bodies), to every other
// route the Hono app serves (`appRoutes` from worker/index.ts: photos, pages, the tRPC and /api catch-alls) and to
// every tRPC procedure (`appRouter._def.procedures`: a query as GET /trpc/<path>?input=<json>, a mutation as POST with
// a JSON body, and both as batches with ?batch=1), as each role: signed out, client, therapist, spa_management and
// admin. Any 5xx answer (or a fetch that throws) fails, naming the method, path, role and the input, shrunk; and as
// every /api answer the tests see, each must keep the document (worker/test/rest-contract.ts): a status it lists, a
// body its schema accepts.
//
// Inputs: values shaped by the document's schemas (a REST path's parameters and body) and by each procedure's own zod
// input (JSON Schema of it), with leaves swapped for odd ones (wrong types, 1e308, -0, 2**63, NaN-ish strings, NUL and
// other control characters, lone surrogates, __proto__/constructor/toString/valueOf/hasOwnProperty/prototype, strings
// up to and over the 64 KB body limit, arrays and objects where scalars belong), every field any body knows at once,
// empty bodies, invalid JSON, other content types, odd query strings and odd path parameters (raw %-escapes, encoded
// surrogates, dot segments). Only the WebSocket upgrade /ws/chat is left out.
//
// PROPERTY_RUNS (default 4) is the number of generated inputs per route or procedure and per role, so a run
// sends about 5 x PROPERTY_RUNS requests to each of the ~250 targets; the default keeps this file within about
// a minute or two on a 2-core machine inside `npm test`. For a deeper check run, for example,
//   PROPERTY_RUNS=100 node node_modules/vitest/vitest.mjs run --project workers worker/test/odd-input.test.ts
// PROPERTY_SEED replays a reported seed.
//
// Side effects are real (bans, deleted spas, sign-outs): the acting members are the test's own, and after any
// state-changing request that succeeded they are put back (unbanned, their role and session restored), so a
// ban or sign-out in one run never turns the later runs into signed-out ones.
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import * as z from '../../common/zod.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { MANILA_CENTER } from '../../common/limits.ts';
import { hashSecret } from '../../db/session-tokens.ts';
import { appRoutes } from '../index.ts';
import { appRouter } from '../routers/index.ts';
import { configuredWorker, database, freshIp, register, standIns } from './helpers.ts';
import { give, review } from './members.ts';
import { restContract } from './rest-contract.ts';

const settings = env as unknown as { PROPERTY_RUNS?: string; PROPERTY_SEED?: string };
const RUNS = Math.max(1, Number(settings.PROPERTY_RUNS) || 4);
const SEED = settings.PROPERTY_SEED ? Number(settings.PROPERTY_SEED) : undefined;

type TestRole = 'client' | 'therapist' | 'spa_management' | 'admin';
type Role = 'signed out' | TestRole;
const ROLES: Role[] = ['signed out', 'client', 'therapist', 'spa_management', 'admin'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

// ---------------------------------------------------------------------------------------------------------
// What to call

type JsonSchema = Record<string, any>;

interface Procedure {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  schema: JsonSchema | null;
}

/** What a procedure holds that the test reads: its kind and its zod inputs (tRPC keeps them on `_def`, flat by path). */
type ProcedureDefinition = { _def: { type: Procedure['type']; inputs?: z.ZodType[] } };

const procedures: Procedure[] = Object.entries(
  appRouter._def.procedures as unknown as Record<string, ProcedureDefinition>,
).map(([path, procedure]) => {
  const inputs = procedure._def.inputs ?? [];
  const schemas = inputs.map((input) => {
    try {
      return z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    } catch {
      return {};
    }
  });
  return {
    path,
    type: procedure._def.type,
    schema: schemas.length === 0 ? null : schemas.length === 1 ? schemas[0]! : { allOf: schemas },
  };
});

/** The REST contract: the operations of GET /api/openapi.json, with the schemas of their parameters and bodies. */
const { document } = await restContract();

interface RestOperation {
  method: string;
  /** OpenAPI's form, `/api/users/{id}/profile`. */
  path: string;
  pathParameters: Record<string, JsonSchema>;
  queryParameters: Record<string, JsonSchema>;
  body: { type: 'json' | 'form'; schema: JsonSchema } | null;
}

const operations: RestOperation[] = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(
  ([path, item]) =>
    Object.entries(item).map(([method, operation]): RestOperation => {
      const parameters: { name: string; in: string; schema: JsonSchema }[] = operation.parameters ?? [];
      const byPlace = (place: string) =>
        Object.fromEntries(parameters.filter((p) => p.in === place).map((p) => [p.name, p.schema]));
      const content = operation.requestBody?.content ?? {};
      const body = content['application/json']
        ? { type: 'json' as const, schema: content['application/json'].schema }
        : content['multipart/form-data']
          ? { type: 'form' as const, schema: content['multipart/form-data'].schema }
          : null;
      return {
        method: method.toUpperCase(),
        path,
        pathParameters: byPlace('path'),
        queryParameters: byPlace('query'),
        body,
      };
    }),
);
const documented = new Set(operations.map(({ method, path }) => `${method} ${path}`));

/**
 * The app's other routes (photos, pages, the catch-alls): each method and path once, those the document lists left
 * to it; the WebSocket upgrade is not callable here.
 */
const routes = [...new Map(appRoutes.map((route) => [`${route.method} ${route.path}`, route])).values()].filter(
  (route) =>
    route.path !== '/ws/chat' &&
    route.path !== '/ws/*' &&
    !documented.has(`${route.method} ${route.path.replace(/:([A-Za-z]+)/g, '{$1}')}`),
);

// ---------------------------------------------------------------------------------------------------------
// Odd values

const ODD_NUMBERS = [
  1e308,
  -1e308,
  -0,
  2 ** 63,
  -(2 ** 63),
  2 ** 64,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 31,
  -(2 ** 31) - 1,
  0,
  -1,
  0.5,
  -0.5,
  5e-324,
  1e21,
];
const HUGE = 70 * 1024; // over the 64 KB body limit
const ODD_STRINGS = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '1e1000',
  '-0',
  '0x10',
  '0b1',
  '1_000',
  ' 1',
  '1 ',
  '1.5',
  '\u0663',
  '9223372036854775808',
  '-9223372036854775809',
  '18446744073709551616',
  '99999999999999999999',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '\u0000',
  'a\u0000b',
  '\u0001\u001f\u007f',
  '\u0085\u2028\u2029',
  '\ufeff',
  '\u200b\u200d',
  '\u202e',
  '\ud800',
  '\udfff',
  'x\ud800y',
  '\udc00\ud800',
  '\ufffe\uffff',
  '\u{10ffff}',
  '\u3164',
  '\u2800',
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'prototype',
  'isPrototypeOf',
  '__defineGetter__',
  '"',
  "'",
  '%',
  '_',
  '\\',
  '*',
  '"unterminated',
  'a OR b',
  'NEAR(a b)',
  '^',
  '-a',
  'a:b',
  '()',
  "'; drop table users; --",
  '../..',
  '%00',
  '%ED%A0%80',
  'e\u0301',
  '\u{1F44D}',
  'İ',
  '\ufb03',
  '\u216b',
  '\u3000',
  'a\tb\nc\rd',
  'x'.repeat(10_000),
  '\u00e9'.repeat(20_000),
  '\u0000'.repeat(2_000),
  '\u{1F44D}'.repeat(5_000),
  'y'.repeat(HUGE),
];
const ODD_STRUCTURES: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [null],
  [1, 2, 3],
  ['a'],
  { a: 1 },
  [[[]]],
  JSON.parse('{"__proto__":{"isAdmin":true,"role":"admin"}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":1}}}'),
  JSON.parse('['.repeat(500) + ']'.repeat(500)),
  Array.from({ length: 5_000 }, (_, i) => i),
  Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, i])),
];
const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u200e',
  '\u2028',
  '\ufeff',
  '\ud800',
  '\udfff',
  'a',
  ' ',
];

const oddString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...CONTROL_CHARACTERS), minLength: 1, maxLength: 8 }) },
);
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddString },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_STRUCTURES) },
  { weight: 1, arbitrary: fc.oneof(fc.double(), fc.integer(), fc.boolean()) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);
/** Object keys: the prototype's names and other oddities. */
const oddKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'prototype',
  '',
  '\u0000',
  '0',
  '-1',
  'a.b',
);

// ---------------------------------------------------------------------------------------------------------
// Values shaped by a JSON Schema, with odd leaves

/** Ids and slugs that name real rows (the test's own members and their recognitions), filled in beforeAll. */
const pools = { ids: [1] as number[], slugs: ['undefined'] as string[] };

const MAX_INT = Number.MAX_SAFE_INTEGER;

function clampInt(value: number): number {
  return Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, value));
}

/**
 * How a schema-shaped value is made: `valid` keeps to the schema (so the call gets past validation and into the
 * procedure with real ids), `odd` swaps leaves for odd values, drops required fields and adds prototype keys.
 */
type Mode = 'valid' | 'odd';

function integerFrom(schema: JsonSchema, mode: Mode): fc.Arbitrary<number> {
  const min: number =
    schema.exclusiveMinimum !== undefined
      ? Math.floor(schema.exclusiveMinimum) + 1
      : Math.ceil(schema.minimum ?? -MAX_INT);
  const max: number =
    schema.exclusiveMaximum !== undefined
      ? Math.ceil(schema.exclusiveMaximum) - 1
      : Math.floor(schema.maximum ?? MAX_INT);
  const inRange = pools.ids.filter((id) => id >= min && id <= max);
  const options = [
    { weight: 3, arbitrary: inRange.length > 0 ? fc.constantFrom(...inRange) : fc.constant(min) },
    { weight: 2, arbitrary: fc.integer({ min: clampInt(min), max: Math.max(clampInt(min), clampInt(max)) }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  ];
  if (mode === 'odd') options.push({ weight: 1, arbitrary: fc.constantFrom(min - 1, max + 1) });
  return fc.oneof(...options);
}

function stringFrom(schema: JsonSchema, mode: Mode): fc.Arbitrary<string> {
  const minLength: number = schema.minLength ?? 0;
  const maxLength: number = schema.maxLength ?? 60;
  const options: fc.Arbitrary<string>[] = [];
  if (schema.format === 'email') options.push(fc.emailAddress());
  else if (schema.format === 'ipv4') options.push(fc.ipV4());
  else if (schema.format === 'ipv6') options.push(fc.ipV6());
  else if (schema.format === 'uri' || schema.format === 'url') options.push(fc.webUrl());
  else if (schema.pattern) {
    try {
      options.push(fc.stringMatching(new RegExp(schema.pattern)));
    } catch {
      // a pattern fast-check cannot generate from: plain strings below
    }
  }
  if (options.length === 0) {
    const short = Math.max(minLength, Math.min(maxLength, 40));
    options.push(
      fc.string({ minLength, maxLength: short }),
      fc.string({ unit: 'grapheme', minLength, maxLength: Math.max(minLength, Math.min(maxLength, 20)) }),
      fc.lorem({ maxCount: 12, mode: 'sentences' }).map((text) => text.slice(0, maxLength)),
      fc.constantFrom(...pools.slugs),
    );
  }
  // At (and, when odd, just over) the declared bounds.
  if (schema.maxLength !== undefined) {
    options.push(fc.constantFrom('a'.repeat(maxLength), '\u{1F44D}'.repeat(Math.floor(maxLength / 2))));
    if (mode === 'odd') options.push(fc.constantFrom('a'.repeat(maxLength + 1), '\u{1F44D}'.repeat(maxLength)));
  }
  return fc.oneof(...options);
}

/** Every property any procedure's input or REST body names, with each of its schemas (sent all at once, too). */
const fieldSchemas = new Map<string, JsonSchema[]>();

function collectFields(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  if (Array.isArray(schema)) return schema.forEach(collectFields);
  const properties = (schema as JsonSchema).properties;
  if (properties && typeof properties === 'object') {
    for (const [name, sub] of Object.entries(properties)) {
      if (!fieldSchemas.has(name)) fieldSchemas.set(name, []);
      fieldSchemas.get(name)!.push(sub as JsonSchema);
    }
  }
  for (const value of Object.values(schema)) collectFields(value);
}
for (const procedure of procedures) collectFields(procedure.schema);
for (const operation of operations) if (operation.body) collectFields(resolved(operation.body.schema));
/** Every enumerated value any input knows (boards, roles, timeframes...): candidates for path and query values. */
const ENUM_VALUES = [
  ...new Set(
    [...fieldSchemas.values()].flat().flatMap((schema) => (Array.isArray(schema.enum) ? schema.enum.map(String) : [])),
  ),
];

/** A value of the schema's shape; in `odd` mode with odd leaves now and then. */
function valueFrom(schema: JsonSchema | undefined, mode: Mode, depth = 0): fc.Arbitrary<unknown> {
  if (mode === 'valid') return shapedFrom(schema ?? {}, mode, depth);
  return fc.oneof({ weight: 4, arbitrary: shapedFrom(schema ?? {}, mode, depth) }, { weight: 1, arbitrary: oddValue });
}

/** The schema a `$ref` into the document names (`#/components/schemas/Review`). */
function resolved(schema: JsonSchema): JsonSchema {
  if (typeof schema.$ref !== 'string' || !schema.$ref.startsWith('#/')) return schema;
  const target = schema.$ref
    .slice(2)
    .split('/')
    .reduce<any>((node, segment) => node?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  return resolved(target ?? {});
}

function shapedFrom(reference: JsonSchema, mode: Mode, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return oddValue;
  const schema = resolved(reference);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives))
    return fc.oneof(...alternatives.map((sub: JsonSchema) => valueFrom(sub, mode, depth + 1)));
  if (Array.isArray(schema.allOf)) {
    const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
    for (const part of schema.allOf) {
      Object.assign(merged.properties, part.properties ?? {});
      merged.required.push(...(part.required ?? []));
    }
    return shapedFrom(merged, mode, depth);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((one: string) => shapedFrom({ ...schema, type: one }, mode, depth)));
  switch (type[0]) {
    case 'object': {
      const properties: Record<string, JsonSchema> = schema.properties ?? {};
      const names = Object.keys(properties);
      if (names.length === 0)
        return mode === 'valid' ? fc.constant({}) : fc.dictionary(oddKey, oddValue, { maxKeys: 3 });
      const model = Object.fromEntries(names.map((name) => [name, valueFrom(properties[name], mode, depth + 1)]));
      const required: string[] = (schema.required ?? []).filter((name: string) => names.includes(name));
      const record = fc.record(model, { requiredKeys: required });
      if (mode === 'valid') return record;
      return fc.oneof(
        { weight: 6, arbitrary: record },
        { weight: 1, arbitrary: fc.record(model, { requiredKeys: [] }) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(record, fc.dictionary(oddKey, oddValue, { minKeys: 1, maxKeys: 3 }))
            .map(([fields, extra]) => ({ ...extra, ...fields })),
        },
      );
    }
    case 'array': {
      if (Array.isArray(schema.prefixItems))
        return fc.tuple(...schema.prefixItems.map((item: JsonSchema) => valueFrom(item, mode, depth + 1)));
      const minLength = Math.min(schema.minItems ?? 0, 10);
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return fc.array(valueFrom(schema.items, mode, depth + 1), { minLength, maxLength });
    }
    case 'string':
      return stringFrom(schema, mode);
    case 'integer':
      return integerFrom(schema, mode);
    case 'number': {
      const min: number = schema.minimum ?? schema.exclusiveMinimum ?? -1e6;
      const max: number = schema.maximum ?? schema.exclusiveMaximum ?? 1e6;
      const options = [
        fc.double({ min, max, noNaN: true }),
        fc.constantFrom(min, max),
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
      ];
      // Bounds a pipe keeps to itself are not in the JSON Schema: coordinates in Manila are a likely valid value.
      if (schema.minimum === undefined && schema.maximum === undefined)
        options.push(fc.constantFrom(MANILA_CENTER.latitude, MANILA_CENTER.longitude));
      if (mode === 'odd') options.push(fc.constantFrom(min - 1e-9, max + 1e-9));
      return fc.oneof(...options);
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return mode === 'valid' ? fc.jsonValue({ maxDepth: 1 }) : oddValue;
  }
}

/** A valid-looking value of the schema (weight 3) or one with odd parts (weight 2). */
function inputFrom(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: valueFrom(schema, 'valid') },
    { weight: 2, arbitrary: valueFrom(schema, 'odd') },
  );
}

/** An object with the fields any procedure knows, all or some (each valid for one of them, or odd). */
function everyFieldObject(mode: Mode): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(
    [...fieldSchemas].map(([name, schemas]) => [
      name,
      fc.oneof(...schemas.map((schema) => valueFrom(schema, mode, 1))),
    ]),
  );
  // Every field at once gets past validation that ignores unknown fields; a few of them, past strict validation.
  return fc.oneof(fc.record(model), fc.record(model, { requiredKeys: [] }));
}

// ---------------------------------------------------------------------------------------------------------
// Requests

/** What one attempt sends: printed as the counterexample. */
interface Attempt {
  method: string;
  path: string;
  /** A JSON body (serialized here), or `raw` text with its content type. */
  json?: unknown;
  raw?: { text: string; type: string | null };
  /** Signed out only: an odd session token, as a cookie or a bearer token. */
  token?: { as: 'cookie' | 'bearer'; value: string };
}

/** encodeURIComponent, but a lone surrogate becomes its (invalid) UTF-8 bytes instead of throwing. */
function encodeLoose(text: string): string {
  let encoded = '';
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else encoded += encodeURIComponent(character);
  }
  return encoded;
}

/** Path segments as sent (already escaped), odd ones included. */
const RAW_SEGMENTS = [
  '%',
  '%zz',
  '%00',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  '%3F',
  '%23',
  '%20',
  '+',
  'a;b',
  '~',
  '%E2%80%AE',
  '-1',
  '0',
  '1.5',
  '1e3',
  'me',
  'undefined',
  'null',
];
const oddSegment = fc.oneof(
  fc.constantFrom(...RAW_SEGMENTS),
  oddString.filter((text) => text.length > 0 && text.length < 3000).map(encodeLoose),
  fc.constantFrom(...ODD_NUMBERS).map((value) => encodeLoose(String(value))),
);

function paramFrom(pattern: string | undefined): fc.Arbitrary<string> {
  const valid = pattern
    ? fc.stringMatching(new RegExp(`^(?:${pattern})$`))
    : fc.oneof(
        fc.constantFrom(...pools.ids.map(String)),
        fc.constantFrom(...pools.slugs).map(encodeLoose),
        fc.nat(300).map(String),
        fc.constantFrom(...ENUM_VALUES).map(encodeLoose),
      );
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: oddSegment });
}

/** A path of the route's pattern: `:name` and `:name{regex}` filled in, `*` as one to three segments. */
function pathFrom(pattern: string): fc.Arbitrary<string> {
  const parts = pattern.split('/').map((part): fc.Arbitrary<string> => {
    if (part === '*')
      return fc
        .array(
          fc.oneof(paramFrom(undefined), fc.constantFrom('assets', 'geo', 'index.html', 'sw.js', 'auth', 'profiles')),
          { minLength: 0, maxLength: 3 },
        )
        .map((segments) => segments.join('/'));
    const param = /^:[^{]+(?:\{(.*)\})?$/.exec(part);
    return param ? paramFrom(param[1]) : fc.constant(part);
  });
  return fc.tuple(...parts).map((segments) => segments.join('/'));
}

/** The query parameters the document lists, and tRPC's own (any field name is tried too). */
const QUERY_KEYS = [
  ...new Set([...operations.flatMap((operation) => Object.keys(operation.queryParameters)), 'batch', 'input']),
];

/** A query string: the path's documented parameters with values of their schemas, or odd keys and values. */
function queryString(documented: Record<string, JsonSchema> = {}): fc.Arbitrary<string> {
  const names = Object.keys(documented);
  const valid = fc
    .record(Object.fromEntries(names.map((name) => [name, valueFrom(documented[name], 'valid').map(String)])), {
      requiredKeys: [],
    })
    .map((values) => {
      const pairs = Object.entries(values).map(([name, text]) => `${encodeLoose(name)}=${encodeLoose(String(text))}`);
      return pairs.length > 0 ? `?${pairs.join('&')}` : '';
    });
  return names.length === 0
    ? oddQueryString()
    : fc.oneof({ weight: 2, arbitrary: valid }, { weight: 2, arbitrary: oddQueryString() });
}

function oddQueryString(): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...QUERY_KEYS) },
    { weight: 1, arbitrary: fc.constantFrom(...fieldSchemas.keys()) },
    { weight: 1, arbitrary: oddKey },
  );
  const value = fc.oneof(
    oddString.filter((text) => text.length < 3000),
    fc.constantFrom(...pools.ids.map(String)),
    fc.nat(1000).map(String),
    fc.constantFrom(...ENUM_VALUES),
  );
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    {
      weight: 3,
      arbitrary: fc
        .array(fc.tuple(key, value), { minLength: 1, maxLength: 3 })
        .map((pairs) => `?${pairs.map(([name, text]) => `${encodeLoose(name)}=${encodeLoose(text)}`).join('&')}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '?%',
        '?a=%ZZ',
        '?&&&',
        '?=',
        '?cursor',
        '?cursor=1&cursor=2',
        '?page=%00',
        '?role=%ED%A0%80',
        '?timeframe=__proto__',
      ),
    },
  );
}

/** Bodies that are not a JSON value of any shape, or not JSON at all. */
const RAW_BODIES: { text: string; type: string | null }[] = [
  { text: '', type: 'application/json' },
  { text: '{', type: 'application/json' },
  { text: '{"a":', type: 'application/json' },
  { text: 'nul', type: 'application/json' },
  { text: 'NaN', type: 'application/json' },
  { text: '{"a":1}{"b":2}', type: 'application/json' },
  { text: '[1,]', type: 'application/json' },
  { text: '\u0000', type: 'application/json' },
  { text: '\ufeff{}', type: 'application/json' },
  {
    text: '{"id":9223372036854775808,"userId":9223372036854775808,"targetUserId":1e400,"page":-0}',
    type: 'application/json',
  },
  { text: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}', type: 'application/json' },
  { text: '"\\ud800"', type: 'application/json' },
  { text: '['.repeat(10_000) + ']'.repeat(10_000), type: 'application/json' },
  { text: `{"name":"${'x'.repeat(HUGE)}"}`, type: 'application/json' },
  { text: `[${'1,'.repeat(HUGE / 2)}1]`, type: 'application/json' },
  { text: '{}', type: 'text/plain' },
  { text: '{}', type: null },
  { text: '{}', type: 'application/json; charset=utf-16' },
  { text: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  {
    text: '--zz\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--zz--\r\n',
    type: 'multipart/form-data; boundary=zz',
  },
  { text: 'garbage', type: 'multipart/form-data; boundary=zz' },
  { text: 'garbage', type: 'multipart/form-data' },
];

function multipartWith(fields: Record<string, string>): { text: string; type: string } {
  const boundary = 'oddinputboundary';
  const parts = Object.entries(fields).map(([name, value]) =>
    name.startsWith('file:')
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${name.slice(5)}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${value}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { text: `${parts.join('')}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

const multipartBody = fc
  .dictionary(
    fc.constantFrom(
      'profilePic',
      'profilePicThumbnail',
      'spaImage',
      'id',
      'file:profilePic',
      'file:profilePicThumbnail',
      'file:spaImage',
      '__proto__',
    ),
    fc.oneof(
      oddString.filter((text) => text.length < 3000 && !text.includes('\ud800') && !text.includes('\udfff')),
      fc.constantFrom('\xff\xd8\xff\xe0', '\x89PNG\r\n\x1a\n', 'RIFF\0\0\0\0WEBP'),
    ),
    { minKeys: 1, maxKeys: 3 },
  )
  .map(multipartWith);

function bodyFor(method: string, shaped: fc.Arbitrary<unknown>): fc.Arbitrary<Pick<Attempt, 'json' | 'raw'>> {
  if (method === 'GET') return fc.constant({});
  return fc.oneof(
    { weight: 5, arbitrary: shaped.map((json) => ({ json })) },
    { weight: 1, arbitrary: oddValue.map((json) => ({ json })) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES).map((raw) => ({ raw })) },
    { weight: 1, arbitrary: multipartBody.map((raw) => ({ raw })) },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** A path parameter: a value of its documented schema, or a known id, slug or name, or an odd segment. */
function parameterFrom(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  if (!schema) return paramFrom(undefined);
  const documented = valueFrom(schema, 'valid').map((value) => encodeLoose(String(value)));
  return fc.oneof({ weight: 2, arbitrary: documented }, { weight: 3, arbitrary: paramFrom(undefined) });
}

/** A documented REST path: its parameters, its query and its body drawn from the document's schemas, odd or not. */
function operationAttempts(operation: RestOperation): fc.Arbitrary<Attempt> {
  const segments = operation.path.split('/').map((part) => {
    const parameter = /^\{(.+)\}$/.exec(part);
    return parameter ? parameterFrom(operation.pathParameters[parameter[1]!]) : fc.constant(part);
  });
  const everyField = fc.oneof(everyFieldObject('valid'), everyFieldObject('odd'));
  const shaped =
    operation.body?.type === 'json'
      ? fc.oneof({ weight: 3, arbitrary: inputFrom(operation.body.schema) }, { weight: 1, arbitrary: everyField })
      : everyField;
  return fc
    .tuple(
      fc.tuple(...segments).map((parts) => parts.join('/')),
      queryString(operation.queryParameters),
    )
    .chain(([path, query]) =>
      bodyFor(operation.method, shaped).map((body): Attempt => ({
        method: operation.method,
        path: `${path}${query}`,
        ...body,
      })),
    );
}

/** Another route of the app: its path's pattern filled in, a query string, and for other methods than GET a body. */
function routeAttempts(route: { method: string; path: string }): fc.Arbitrary<Attempt> {
  const method = route.method === 'ALL' ? fc.constantFrom(...METHODS) : fc.constant(route.method);
  const shaped = fc.oneof(
    { weight: 2, arbitrary: everyFieldObject('valid') },
    { weight: 1, arbitrary: everyFieldObject('odd') },
    { weight: 2, arbitrary: fc.constantFrom(...procedures.filter((p) => p.schema)).chain((p) => inputFrom(p.schema!)) },
  );
  return fc
    .tuple(method, pathFrom(route.path), queryString())
    .chain(([method, path, query]) =>
      bodyFor(method, shaped).map((body): Attempt => ({ method, path: `${path}${query}`, ...body })),
    );
}

/** JSON of the input for a query string (undefined: no input parameter). */
function inputParameter(input: unknown): string {
  const text = JSON.stringify(input);
  return text === undefined ? '' : `input=${encodeURIComponent(text)}`;
}

const RAW_INPUT_PARAMETERS = [
  'input=',
  'input=%7B',
  'input=undefined',
  'input=%00',
  'input=%ED%A0%80',
  'input=NaN',
  'input=1e400',
  'input=%5B',
  `input=${'9'.repeat(400)}`,
  'input=1&input=2',
];

/** A procedure: once alone with its own method, in a batch beside another of its kind, and now and then with the wrong method. */
function procedureAttempts(procedure: Procedure): fc.Arbitrary<Attempt> {
  const valid = procedure.schema ? valueFrom(procedure.schema, 'valid') : fc.constant(undefined);
  const odd: fc.Arbitrary<unknown> = fc.oneof(
    { weight: 4, arbitrary: procedure.schema ? valueFrom(procedure.schema, 'odd') : oddValue },
    { weight: 2, arbitrary: oddValue },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const input = fc.oneof(valid, odd);
  const method = procedure.type === 'query' ? 'GET' : 'POST';
  const path = `/trpc/${procedure.path}`;
  const alone = (value: unknown): Attempt =>
    method === 'GET'
      ? { method, path: `${path}${inputParameter(value) ? `?${inputParameter(value)}` : ''}` }
      : { method, path, json: value };
  const malformed: fc.Arbitrary<Attempt> =
    method === 'GET'
      ? fc.constantFrom(...RAW_INPUT_PARAMETERS).map((query) => ({ method, path: `${path}?${query}` }))
      : fc.oneof(
          fc.constantFrom(...RAW_BODIES).map((raw) => ({ method, path, raw })),
          multipartBody.map((raw) => ({ method, path, raw })),
        );
  const siblings = procedures.filter((other) => other.type === procedure.type).map((other) => other.path);
  const batch = fc
    .tuple(
      fc.constantFrom(...siblings),
      input,
      input,
      fc.constantFrom<'object' | 'array' | 'odd'>('object', 'object', 'object', 'array', 'odd'),
      oddKey,
    )
    .map(([other, first, second, form, key]): Attempt => {
      const value =
        form === 'object' ? { 0: first, 1: second } : form === 'array' ? [first, second] : { [key]: first, 1: second };
      const batched = `/trpc/${procedure.path},${other}?batch=1`;
      return method === 'GET'
        ? { method, path: `${batched}&${inputParameter(value)}` }
        : { method, path: batched, json: value };
    });
  const wrongMethod = input.map((value): Attempt =>
    method === 'GET'
      ? { method: 'POST', path, json: value }
      : { method: 'GET', path: `${path}?${inputParameter(value)}` },
  );
  return fc.oneof(
    { weight: 4, arbitrary: valid.map(alone) },
    { weight: 3, arbitrary: odd.map(alone) },
    { weight: 1, arbitrary: malformed },
    { weight: 2, arbitrary: batch },
    { weight: 1, arbitrary: wrongMethod },
  );
}

/** Paths under /trpc that name no procedure (prototype names, empty and odd segments). */
function unknownProcedureAttempts(): fc.Arbitrary<Attempt> {
  const name = fc.oneof(
    fc.constantFrom(
      '__proto__',
      'constructor',
      'toString',
      'valueOf',
      'hasOwnProperty',
      'prototype',
      '',
      '.',
      'account',
      'account.__proto__',
      'account.constructor',
      'account.me.x',
      'a..b',
      '%00',
      '%ED%A0%80',
    ),
    fc.constantFrom(...procedures.map((p) => p.path)).map((path) => `${path}.constructor`),
    oddSegment,
  );
  return fc
    .tuple(fc.constantFrom('GET', 'POST'), fc.array(name, { minLength: 1, maxLength: 3 }), fc.boolean(), oddValue)
    .map(([method, names, batched, value]): Attempt => {
      const path = `/trpc/${names.join(',')}${batched ? '?batch=1' : ''}`;
      return method === 'GET'
        ? { method, path: `${path}${batched ? '&' : '?'}${inputParameter(value)}` }
        : { method, path, json: value };
    });
}

// ---------------------------------------------------------------------------------------------------------
// Members

interface Actor {
  id: number;
  slug: string;
  role: TestRole;
  cookie: string;
  sessionId: string;
  secretHash: Uint8Array;
}

const actors = new Map<TestRole, Actor>();

/** A member registered through the public API (an admin registers as a client and is promoted), signed in. */
async function registered(role: TestRole): Promise<Actor> {
  const { response, cookie } = await register({ role: role === 'admin' ? 'client' : role });
  if (response.status !== 200 || !cookie)
    throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  const user = (await response.json()) as { id: number; slug: string };
  if (role === 'admin')
    await database().execute({ sql: "update users set role = 'admin' where id = ?", args: [user.id] });
  const [sessionId, secret] = cookie.slice(cookie.indexOf('=') + 1).split('.') as [string, string];
  return { id: user.id, slug: user.slug, role, cookie, sessionId, secretHash: hashSecret(secret) };
}

/**
 * Undoes what a call may have done to the acting members: a ban, a changed role, a session that ended
 * (sign-out, ban, new password). One round trip; nothing when nothing changed.
 */
async function restoreActors(attempt = 1): Promise<void> {
  const now = Date.now();
  const restored = database().batch(
    [...actors.values()].flatMap((actor) => [
      {
        sql: 'update users set is_banned = 0, role = ? where id = ? and (is_banned <> 0 or role <> ?)',
        args: [actor.role, actor.id, actor.role],
      },
      {
        sql: 'insert into sessions (id, secret_hash, user_id, created_at, last_active_at) values (?, ?, ?, ?, ?) on conflict (id) do nothing',
        args: [actor.sessionId, actor.secretHash, actor.id, now, now],
      },
    ]),
    'write',
  );
  // The local database server may drop a connection on a loaded machine: try again before giving up.
  await restored.catch(async (error) => {
    if (attempt >= 3) throw error;
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    await restoreActors(attempt + 1);
  });
}

beforeAll(async () => {
  for (const role of ['client', 'therapist', 'spa_management', 'admin'] as const)
    actors.set(role, await registered(role));
  const {
    client: myClient,
    therapist: myTherapist,
    spa_management: mySpa,
  } = Object.fromEntries(actors) as Record<TestRole, Actor>;
  // Others to aim at: members who may be banned, reviewed, flagged, invited and saved, and rows that name them.
  const [client, therapist, spa] = [
    await registered('client'),
    await registered('therapist'),
    await registered('spa_management'),
  ];
  const rows = [
    await review(client, spa, 'A calm place with kind staff and a clean room.', Date.now() - 60_000, [8, 7, 9, 6]),
    await review(myClient!, mySpa!, 'Good massage, fair price, would come again.'),
    ...(await give('stars', client, therapist)),
    ...(await give('flowers', client, therapist)),
    ...(await give('medals', therapist, client)),
    ...(await give('red_flags', myTherapist!, myClient!)),
    ...(await give('red_flags', therapist, client)),
  ];
  const db = database();
  const inserted = await db.batch(
    [
      {
        sql: "insert into spas (owner_user_id, name, address, latitude, longitude) values (?, 'Odd Input Spa', 'Makati Ave', 14.56, 121.03) returning id",
        args: [spa.id],
      },
      {
        sql: "insert into lineup_links (spa_id, therapist_id, state, created_at) values (?, ?, 'invited', ?) returning id",
        args: [spa.id, myTherapist!.id, Date.now()],
      },
      {
        sql: "insert into lineup_links (spa_id, therapist_id, state, created_at) values (?, ?, 'accepted', ?) returning id",
        args: [mySpa!.id, therapist.id, Date.now()],
      },
      {
        sql: "insert into favorite_lists (user_id, name, name_key, created_at) values (?, 'Odd', 'odd', ?) returning id",
        args: [myClient!.id, Date.now()],
      },
    ],
    'write',
  );
  rows.push(...inserted.map((result) => Number(result.rows[0]!.id)));
  pools.ids = [
    ...new Set([...[...actors.values()].map((a) => a.id), client.id, therapist.id, spa.id, ...rows, 1, 2, 3]),
  ];
  pools.slugs = [...[...actors.values()].map((a) => a.slug), client.slug, therapist.slug, spa.slug, 'undefined', 'me'];
}, 120_000);

// ---------------------------------------------------------------------------------------------------------
// The property

/** Long strings shortened for the report. */
function printable(attempt: Attempt): string {
  return JSON.stringify(attempt, (_, value) =>
    typeof value === 'string' && value.length > 200 ? `${value.slice(0, 60)}… (${value.length} characters)` : value,
  );
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The Worker's own fetch handler, called directly (the pool's `exports.default` builds a wrapper per request that
 * slows down with every call, and thousands of calls overflow its stack). Payments are configured against the
 * local PayMongo stand-in, so checkout and the webhook are exercised too (without them checkout answers 501 by
 * design, docs/features.md, "Premium"); mail stays in the local mailbox, so /api/dev/mail exists.
 */
const worker = configuredWorker({
  PAYMONGO_SECRET_KEY: 'sk_test_stand_in',
  PAYMONGO_WEBHOOK_SECRET: 'whsk_test_stand_in_secret',
  PAYMONGO_API_BASE: standIns.url,
  PREMIUM_CURRENCY: 'php',
  PREMIUM_PRICES: 'monthly=99900, yearly=999900, pro=199900',
});

async function send(attempt: Attempt, role: Role): Promise<Response> {
  const headers: Record<string, string> = {};
  let rawBody: string | undefined;
  if (attempt.raw) {
    rawBody = attempt.raw.text;
    if (attempt.raw.type) headers['Content-Type'] = attempt.raw.type;
  } else if (attempt.json !== undefined) {
    rawBody = JSON.stringify(attempt.json);
    headers['Content-Type'] = 'application/json';
  }
  let cookie = role === 'signed out' ? null : actors.get(role)!.cookie;
  if (role === 'signed out' && attempt.token?.as === 'cookie') cookie = `__Host-session=${attempt.token.value}`;
  if (role === 'signed out' && attempt.token?.as === 'bearer') headers.Authorization = `Bearer ${attempt.token.value}`;
  return worker.call(attempt.path, {
    method: attempt.method,
    rawBody: SAFE.has(attempt.method) ? undefined : rawBody,
    headers,
    cookie,
    ip: freshIp(),
  });
}

/** Session tokens a header can carry (no control characters): wrong shapes, lengths and prototype names. */
const oddToken = fc
  .oneof(
    fc.constantFrom(
      '',
      '.',
      '..',
      'a.b',
      'a.b.c',
      '__proto__.constructor',
      'toString.valueOf',
      `${'a'.repeat(64)}.${'b'.repeat(65)}`,
      '%00.%00',
      'a'.repeat(5000),
    ),
    fc.string({ unit: 'binary-ascii', maxLength: 80 }).map((text) => text.replace(/[\u0000-\u001f\u007f;]/g, '')),
  )
  .chain((value) => fc.constantFrom<'cookie' | 'bearer'>('cookie', 'bearer').map((as) => ({ as, value })));

/** Now and then an odd session token beside the attempt (used when signed out). */
function withToken(attempts: fc.Arbitrary<Attempt>): fc.Arbitrary<Attempt> {
  return fc.oneof(
    { weight: 9, arbitrary: attempts },
    { weight: 1, arbitrary: fc.tuple(attempts, oddToken).map(([attempt, token]) => ({ ...attempt, token })) },
  );
}

async function expectNo5xx(label: string, generated: fc.Arbitrary<Attempt>): Promise<void> {
  const attempts = withToken(generated);
  const failures: string[] = [];
  for (const role of ROLES) {
    let last = '';
    const result = await fc.check(
      fc.asyncProperty(attempts, async (attempt) => {
        let answer = '';
        // A 5xx is sent once more: one that does not happen again (a connection to the local database server
        // dropped on a loaded machine) is printed as a warning, not failed; one that does is a failure.
        for (let sent = 1; sent <= 2; sent++) {
          let response: Response;
          try {
            response = await send(attempt, role);
          } catch (error) {
            answer = `threw ${String(error)}`;
            continue;
          }
          if (!SAFE.has(attempt.method) && response.status < 400) await restoreActors();
          if (response.status < 500) {
            if (answer)
              console.warn(`a 5xx did not happen again: ${label} as ${role}: ${printable(attempt)} -> ${answer}`);
            return true;
          }
          answer = `${response.status} ${(await response.text()).slice(0, 300)}`;
        }
        last = answer;
        return false;
      }),
      { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
    );
    if (result.failed) {
      const [attempt] = result.counterexample ?? [];
      const answer = last || `the property threw: ${String(result.errorInstance)}`;
      failures.push(
        `${label} as ${role}: ${attempt ? printable(attempt) : '?'} -> ${answer} (seed ${result.seed}, path ${result.counterexamplePath})`,
      );
    }
  }
  expect(failures, failures.join('\n')).toEqual([]);
}

describe.concurrent(`no 5xx on odd input (${RUNS} inputs per route or procedure and role)`, () => {
  for (const operation of operations) {
    it(
      `${operation.method} ${operation.path}`,
      () => expectNo5xx(`${operation.method} ${operation.path}`, operationAttempts(operation)),
      300_000,
    );
  }
  for (const route of routes) {
    if (route.path === '/trpc/*') {
      it(
        `${route.method} ${route.path} (names of no procedure)`,
        () => expectNo5xx(`${route.method} ${route.path}`, unknownProcedureAttempts()),
        300_000,
      );
      continue;
    }
    it(
      `${route.method} ${route.path}`,
      () => expectNo5xx(`${route.method} ${route.path}`, routeAttempts(route)),
      300_000,
    );
  }
  for (const procedure of procedures) {
    if (procedure.type === 'subscription') continue;
    it(
      `tRPC ${procedure.type} ${procedure.path}`,
      () => expectNo5xx(`tRPC ${procedure.path}`, procedureAttempts(procedure)),
      300_000,
    );
  }
});

/** A refusal's message: REST answers `{message}`, tRPC `{error: {message}}`. */
async function refusalMessage(response: Response): Promise<string | undefined> {
  const answer = (await response.json()) as { message?: string; error?: { message?: string } };
  return answer.message ?? answer.error?.message;
}

/** The inputs that once answered 5xx, found by this test or before it, each sent as every role on every run. */
describe('odd input that once answered 5xx', () => {
  const FOUND: Attempt[] = [
    // A lookup table that was an object (fixed before this test: worker/rest/recognition.ts).
    { method: 'GET', path: '/api/leaderboards/__proto__' },
    { method: 'GET', path: '/api/leaderboards/constructor' },
    // A NUL in a search term reached FTS5 (fixed before this test: common/search.ts).
    { method: 'POST', path: '/api/search-users', json: { field: 'all', term: 'a\u0000b' } },
    // A malformed %-escape in a tRPC path threw in decodeURIComponent (worker/security.ts).
    { method: 'GET', path: '/trpc/%' },
    { method: 'POST', path: '/trpc/%ED%A0%80', json: {} },
    // ...and in a photo's key (worker/media-routes.ts).
    { method: 'GET', path: '/media/%' },
    { method: 'GET', path: '/media/profiles/1/%ED%A0%80.jpg' },
    // A lone surrogate in a JSON string reached the database, which refuses it (worker/trpc.ts, wellFormedText).
    { method: 'POST', path: '/trpc/passwordReset.request', json: { nameOrEmail: '\udfff' } },
    { method: 'POST', path: '/api/forgot-password', json: { nameOrEmail: 'a\ud800' } },
    { method: 'POST', path: '/api/login', json: { name: '\udfff', password: 'password123' } },
  ];

  it('answers each with a 4xx or better, as every role', async () => {
    for (const attempt of FOUND) {
      for (const role of ROLES) {
        const response = await send(attempt, role);
        expect(response.status, `${printable(attempt)} as ${role}`).toBeLessThan(500);
        if (response.status >= 400) expect(await refusalMessage(response), printable(attempt)).toBeTruthy();
      }
    }
  });

  it('refuses a lone surrogate anywhere in an input, in a value or a key, as text that is not Unicode', async () => {
    const attempts: Attempt[] = [
      { method: 'POST', path: '/trpc/passwordReset.request', json: { nameOrEmail: '\udfff' } },
      { method: 'POST', path: '/trpc/favorites.createList', json: { name: 'Weekend', extra: { ['\ud800']: 1 } } },
      { method: 'POST', path: '/api/search-users', json: { field: 'all', term: ['x', 'spa\udc00'] } },
    ];
    for (const attempt of attempts) {
      const response = await send(attempt, 'client');
      expect(response.status, printable(attempt)).toBe(400);
      expect(await refusalMessage(response), printable(attempt)).toBe('The text sent is not valid Unicode.');
    }
  });

  it('refuses an update of a spa that changes nothing (an empty PATCH body sent "No values to set" to the database)', async () => {
    const { rows } = await database().execute(
      "insert into spas (name, address, latitude, longitude) values ('Unchanged Spa', 'Ayala Ave', 14.55, 121.02) returning *",
    );
    const before = rows[0]!;
    for (const body of [{}, 1e308, [], 'x', null]) {
      for (const path of [`/api/spas/${before.id}`, `/trpc/admin.updateSpa`]) {
        const attempt: Attempt = path.startsWith('/trpc')
          ? {
              method: 'POST',
              path,
              json:
                typeof body === 'object' && body && !Array.isArray(body)
                  ? { ...body, id: before.id }
                  : { id: before.id },
            }
          : { method: 'PATCH', path, json: body };
        const response = await send(attempt, 'admin');
        expect(response.status, printable(attempt)).toBe(400);
        expect(await refusalMessage(response), printable(attempt)).toBe('Send at least one field to change.');
      }
    }
    const after = await database().execute({ sql: 'select * from spas where id = ?', args: [before.id as number] });
    expect(after.rows[0]).toEqual(before);
  });
});
