// Typed search parameters of the routes: each is optional, and a value that is not valid is dropped rather than
// failing the page. Plain readers rather than a schema library: these are the only checks the first bundle needs,
// and zod's core in it weighed 15 kB compressed.
import { REGISTRABLE_ROLES, type RegistrableRole } from '../../common/roles.ts';

type Search = Record<string, unknown>;

/** Text from the query string (the router reads `?x=123` as a number, so numbers become text again); empty is none. */
function text(value: unknown): string | undefined {
  const string = typeof value === 'number' ? String(value) : value;
  return typeof string === 'string' && string.length > 0 ? string : undefined;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return allowed.find((item) => item === value);
}

/** Any origin: only what `URL` makes of a path against it matters. */
const SAME_APP = 'https://app.invalid';

/**
 * Where to go after signing in: a path of this app (`/spa/makati-serenity-spa`), never an address elsewhere (no open
 * redirect: `//host`, `/\host`, `https://host` and the like resolve to another origin and are dropped), nor the
 * sign-in form itself.
 */
export function returnPath(value: unknown): string | undefined {
  const path = text(value);
  if (!path?.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(path, SAME_APP);
  } catch {
    return undefined;
  }
  if (url.origin !== SAME_APP || url.pathname === '/auth') return undefined;
  return url.pathname + url.search + url.hash;
}

/**
 * `role` opens registration with that role chosen; `mode=register` opens registration (Get Started); `redirect` is
 * where the member goes once signed in or registered (`returnPath`), / without one.
 */
export interface AuthSearch {
  role?: RegistrableRole;
  mode?: 'register' | 'signin';
  redirect?: string;
}
export const authSearch = (search: Search): AuthSearch => ({
  role: oneOf(search.role, REGISTRABLE_ROLES),
  mode: oneOf(search.mode, ['register', 'signin'] as const),
  redirect: returnPath(search.redirect),
});

/** The links mailed to reset a password or to confirm a new e-mail address. */
export const tokenSearch = (search: Search): { token?: string } => ({ token: text(search.token) });

export const mapSearch = (search: Search): { focus?: string } => ({ focus: text(search.focus) });

/** `?refresh=true` (after an address is saved) makes the profile fetch everything again. */
export const profileSearch = (search: Search): { refresh?: boolean } => ({
  refresh: search.refresh === undefined ? undefined : search.refresh === true || search.refresh === 'true',
});

/** Where PayMongo's checkout sends the member back to. */
export const premiumSearch = (search: Search): { checkout?: 'success' | 'cancelled' } => ({
  checkout: oneOf(search.checkout, ['success', 'cancelled'] as const),
});
