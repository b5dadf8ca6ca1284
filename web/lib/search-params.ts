// Typed search parameters of the routes (validated with zod's small build, which keeps the first bundle
// light). Invalid values are dropped rather than failing the page.
import * as z from 'zod/mini';
import { REGISTRABLE_ROLES } from '../../common/roles.ts';

/** Text from the query string; the router reads `?x=123` as a number, so numbers become text again. */
const searchText = z.pipe(
  z.transform((value: unknown) => (typeof value === 'number' ? String(value) : value)),
  z.string().check(z.minLength(1)),
);

const optional = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

/** `role` opens registration with that role chosen; `mode=register` opens registration (Get Started). */
export const authSearch = z.object({ role: optional(z.enum(REGISTRABLE_ROLES)), mode: optional(z.enum(['register', 'signin'])) });
export const resetPasswordSearch = z.object({ token: optional(searchText) });
/** The link mailed to a new e-mail address (issue 22). */
export const confirmEmailSearch = z.object({ token: optional(searchText) });
export const mapSearch = z.object({ focus: optional(searchText) });
/** `?refresh=true` (after an address is saved) makes the profile fetch everything again. */
export const profileSearch = z.object({
  refresh: optional(z.pipe(z.transform((value: unknown) => value === true || value === 'true'), z.boolean())),
});
/** Where PayMongo's checkout sends the member back to. */
export const premiumSearch = z.object({ checkout: optional(z.enum(['success', 'cancelled'])) });

export type AuthSearch = z.infer<typeof authSearch>;
