// zod, as every module of the project imports it: `import * as z from './zod.ts'`. zod's own `z` is one namespace
// object that also holds its 40 locales, so no bundler can leave any of them out: 364 KiB of the Worker's bundle
// for messages it never shows (every message here is the product's own). The members named here are taken one by
// one and the rest is left out. A member not listed is a type error where it is used: add it here.
export {
  array,
  boolean,
  coerce,
  custom,
  discriminatedUnion,
  email,
  enum,
  flattenError,
  instanceof,
  int,
  ipv4,
  ipv6,
  literal,
  looseObject,
  NEVER,
  nullable,
  number,
  object,
  optional,
  record,
  strictObject,
  string,
  toJSONSchema,
  tuple,
  union,
  unknown,
  url,
  ZodError,
} from 'zod';
export type { RefinementCtx, ZodNullable, ZodObject, ZodOptional, ZodString, ZodType, infer, input, output } from 'zod';
