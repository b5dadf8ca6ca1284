// Public reads that many members make (the spa listing, the leaderboards) are kept in the edge cache (the
// Workers Cache API) for a short time, so a cached read costs no database round trip. A write that changes
// what such a read answers purges its keys, so the next read in this location is fresh; other locations
// catch up within the short TTL (the Cache API is per data centre). ADR 006 records the choice.
//
// Keys are internal URLs (never the request's own URL, which may carry a cookie-bearing member's query), one
// per scope and variant: `cachedJson('leaderboards', 'stars:weekly', 30, load)`, purged with
// `purgeCached('leaderboards', variants)`.
//
// The JSON is stored script-safe (`scriptSafeJson`: the same value to any JSON reader), so that a page can put the
// stored bytes into its data block as they are (worker/page-data.ts). The key names that form: an entry stored
// before it (plain JSON) is never read as script-safe.
import { PUBLIC_LISTING_ROLE } from '../../common/map.ts';
import { scriptSafeJson } from '../../common/page-data.ts';
import { BOARDS, TIMEFRAMES } from '../../common/recognition.ts';
import { SECOND_MS } from '../../common/time.ts';
import type { Config } from '../env.ts';

const KEY_ORIGIN = 'https://edge-cache.internal';

/** Where the edge cache keeps a scope's variant (a URL of its own, never a request's). */
export function edgeCacheKey(scope: string, variant: string): string {
  return `${KEY_ORIGIN}/${encodeURIComponent(scope)}/${encodeURIComponent(variant)}/script-safe-json`;
}

/**
 * This isolate's copy of each entry it has read or stored, by key, served for COPY_MS before the edge cache is asked
 * again. Reading a 1,000-spa listing from the Cache API cost each hit about a third of its CPU; with the copy, one
 * read a second per isolate does. A purge drops this isolate's copy at once; another isolate's copy may answer for at
 * most COPY_MS more, far inside the TTL by which other data centres already lag (ADR 006). The keys are
 * the fixed set of CACHE_SCOPES' variants, so the copies are bounded.
 */
const COPY_MS = SECOND_MS;
const copies = new Map<string, { bytes: ArrayBuffer; readAt: number }>();
/**
 * Purges this isolate has run. What a read or a fill began before a purge may be what the purge removed, so it is
 * answered but never kept as a copy: the next read after a purge always asks the edge cache.
 */
let purges = 0;

/** Keeps bytes read or stored as this isolate's copy, unless a purge ran since the read or fill began. */
function keepCopy(key: string, bytes: ArrayBuffer, purgesBefore: number) {
  if (purges === purgesBefore) copies.set(key, { bytes, readAt: Date.now() });
}

function edgeCache(): Cache | null {
  // Absent outside workerd (unit tests in Node); then every read loads.
  return typeof caches === 'undefined' ? null : (caches as unknown as { default: Cache }).default;
}

/** The stored JSON bytes of a scope's variant (this isolate's copy while it is fresh), or null: a miss. */
async function storedBytes(scope: string, variant: string): Promise<ArrayBuffer | null> {
  const cache = edgeCache();
  if (!cache) return null;
  const key = edgeCacheKey(scope, variant);
  const copy = copies.get(key);
  if (copy && Date.now() - copy.readAt < COPY_MS) return copy.bytes;
  const purgesBefore = purges;
  const hit = await cache.match(key);
  if (!hit) {
    copies.delete(key);
    return null;
  }
  const bytes = await hit.arrayBuffer();
  keepCopy(key, bytes, purgesBefore);
  return bytes;
}

/**
 * The cached JSON of a scope's variant, else `load()`'s answer, stored for `ttlSeconds`. `waitUntil` (from the
 * execution context) lets the store finish after the answer; without it the store is awaited.
 */
export async function cachedJson<T>(
  scope: string,
  variant: string,
  ttlSeconds: number,
  load: () => Promise<T>,
  waitUntil?: (promise: Promise<unknown>) => void,
): Promise<T> {
  const hit = await storedBytes(scope, variant);
  if (hit) return JSON.parse(new TextDecoder().decode(hit)) as T;
  const purgesBefore = purges;
  const value = await load();
  const cache = edgeCache();
  if (cache) {
    const key = edgeCacheKey(scope, variant);
    const bytes = new TextEncoder().encode(scriptSafeJson(JSON.stringify(value))).buffer;
    keepCopy(key, bytes, purgesBefore);
    const stored = cache.put(
      key,
      new Response(bytes, {
        headers: { 'Content-Type': 'application/json', 'Cache-Control': `public, s-maxage=${ttlSeconds}` },
      }),
    );
    if (waitUntil) waitUntil(stored);
    else await stored;
  }
  return value;
}

/**
 * The stored JSON of a scope's variant as bytes, or null: a page puts them into its data block without parsing and
 * serialising a few hundred kB again.
 */
export const cachedJsonBytes = storedBytes;

/**
 * The stored answer of a scope's variant as an HTTP answer (its JSON bytes as they were stored, never read into a
 * string), or null: a public REST path answers a hit without building a caller, parsing and serialising again (a
 * 1,000-spa listing is a few hundred kB). A miss goes through `cachedJson`. It goes out uncompressed, as every
 * answer of the Worker: the edge compresses it for a client that asks (ADR 006).
 */
export async function cachedAnswer(scope: string, variant: string, cacheControl: string): Promise<Response | null> {
  const bytes = await storedBytes(scope, variant);
  return bytes
    ? new Response(bytes, { headers: { 'Content-Type': 'application/json', 'Cache-Control': cacheControl } })
    : null;
}

/** Forgets the given variants of a scope, so their next read loads fresh data. */
export async function purgeCached(scope: string, variants: readonly string[]): Promise<void> {
  const cache = edgeCache();
  if (!cache) return;
  purges += 1;
  await Promise.all(
    variants.map((variant) => {
      const key = edgeCacheKey(scope, variant);
      copies.delete(key);
      return cache.delete(key);
    }),
  );
}

/** The scopes in use, so that readers and the writes that purge them name the same keys. */
export const CACHE_SCOPES = {
  /**
   * GET /api/users?role=spa_management (`all`), and the signed-in home's first frame of markers drawn from it
   * (`home-first-frame`, worker/page-data.ts): every change to a spa's profile, address, photo, hours or reviews
   * purges both.
   */
  spaListing: { scope: 'spa-listing', variants: ['all', 'home-first-frame'] },
  /** GET /api/leaderboards*: every board and the summary, per timeframe; a new recognition or review purges them. */
  leaderboards: {
    scope: 'leaderboards',
    variants: [...BOARDS, 'summary'].flatMap((board) => TIMEFRAMES.map((timeframe) => `${board}:${timeframe}`)),
  },
} as const satisfies Record<string, { scope: string; variants: readonly string[] }>;

/**
 * Where the spa listing and the home's first frame drawn from it are kept, and for how long; null when
 * SPA_LISTING_CACHE_SECONDS is 0 (the cache off): what the procedure, its REST path and the page all go by.
 */
export function spaListingCache(config: Pick<Config, 'SPA_LISTING_CACHE_SECONDS'>) {
  const ttlSeconds = config.SPA_LISTING_CACHE_SECONDS;
  if (ttlSeconds === 0) return null;
  const [listing, firstFrame] = CACHE_SCOPES.spaListing.variants;
  return { scope: CACHE_SCOPES.spaListing.scope, listing, firstFrame, ttlSeconds };
}

/** The spa listing's cache for a map listing of `role` (only the public listing is kept), or null. */
export function listingCache(role: unknown, config: Pick<Config, 'SPA_LISTING_CACHE_SECONDS'>) {
  return role === PUBLIC_LISTING_ROLE ? spaListingCache(config) : null;
}

export function purgeSpaListing(): Promise<void> {
  return purgeCached(CACHE_SCOPES.spaListing.scope, CACHE_SCOPES.spaListing.variants);
}
