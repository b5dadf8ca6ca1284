// Public reads that many members make (the spa listing, the leaderboards) are kept in the edge cache (the
// Workers Cache API) for a short time, so a cached read costs no database round trip. A write that changes
// what such a read answers purges its keys, so the next read in this location is fresh; other locations
// catch up within the short TTL (the Cache API is per data centre). ADR 006 records the choice.
//
// Keys are internal URLs (never the request's own URL, which may carry a cookie-bearing member's query), one
// per scope and variant: `cachedJson('leaderboards', 'stars:weekly', 30, load)`, purged with
// `purgeCached('leaderboards', variants)`.
//
// Each variant is stored twice when it is filled: as JSON, which readers inside the Worker parse (a procedure's
// cached board, the home page's listing), and gzipped, compressed once, which a REST hit sends as it is to a client
// that accepts gzip. A 1,000-spa listing is a few hundred kB of JSON and a fifth of that gzipped, which the edge
// would otherwise compress again for every request; readers inside the Worker would pay to inflate a gzip-only
// entry on every read (the signed-in home page lost about 15% of its throughput when they did).
import { scriptSafeJson } from '../../common/page-data.ts';
import { BOARDS, TIMEFRAMES } from '../../common/recognition.ts';

const KEY_ORIGIN = 'https://edge-cache.internal';

/** The stored forms of a variant, each under its own key. */
type StoredForm = 'json' | 'gzip';
const STORED_FORMS: readonly StoredForm[] = ['json', 'gzip'];

function keyOf(scope: string, variant: string, form: StoredForm): Request {
  return new Request(`${KEY_ORIGIN}/${encodeURIComponent(scope)}/${encodeURIComponent(variant)}/${form}`);
}

function edgeCache(): Cache | null {
  // Absent outside workerd (unit tests in Node); then every read loads.
  return typeof caches === 'undefined' ? null : (caches as unknown as { default: Cache }).default;
}

/**
 * The cached JSON of a scope's variant, else `load()`'s answer, stored (in both forms) for `ttlSeconds`.
 * `waitUntil` (from the execution context) lets the store finish after the answer; without it the store is awaited.
 */
export async function cachedJson<T>(
  scope: string,
  variant: string,
  ttlSeconds: number,
  load: () => Promise<T>,
  waitUntil?: (promise: Promise<unknown>) => void,
): Promise<T> {
  const cache = edgeCache();
  const hit = cache ? await cache.match(keyOf(scope, variant, 'json')) : undefined;
  if (hit) return (await hit.json()) as T;
  const value = await load();
  if (cache) {
    // Safe to put in a page's data block as it is (worker/page-data.ts); the same value to any JSON reader.
    const json = scriptSafeJson(JSON.stringify(value));
    const cacheControl = `public, s-maxage=${ttlSeconds}`;
    const stored = Promise.all([
      cache.put(keyOf(scope, variant, 'json'), new Response(json, { headers: { 'Content-Type': 'application/json', 'Cache-Control': cacheControl } })),
      cache.put(
        keyOf(scope, variant, 'gzip'),
        new Response(new Response(json).body!.pipeThrough(new CompressionStream('gzip')), {
          headers: { 'Content-Type': 'application/gzip', 'Cache-Control': cacheControl },
        }),
      ),
    ]);
    if (waitUntil) waitUntil(stored);
    else await stored;
  }
  return value;
}

/**
 * The stored JSON of a scope's variant as bytes, or null: a page puts them into its data block without parsing and
 * serialising a few hundred kB again (they are stored script-safe, `scriptSafeJson`).
 */
export async function cachedJsonBytes(scope: string, variant: string): Promise<ArrayBuffer | null> {
  const hit = await edgeCache()?.match(keyOf(scope, variant, 'json'));
  return hit ? hit.arrayBuffer() : null;
}

/** Whether an `Accept-Encoding` header admits gzip (listed, or by `*`, without `q=0`). */
function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? '').split(',').some((entry) => {
    const [coding, ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const refused = parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter));
    return (coding === 'gzip' || coding === '*') && !refused;
  });
}

/**
 * The stored answer of a scope's variant as an HTTP answer, or null: a public REST path answers a hit without
 * building a caller, parsing and serialising again. A client that accepts gzip gets the stored gzip as it is
 * (`encodeBody: 'manual'`: workerd sends the bytes unchanged), any other the stored JSON, streamed as stored. A
 * miss goes through `cachedJson`.
 */
export async function cachedAnswer(
  scope: string,
  variant: string,
  cacheControl: string,
  acceptEncoding: string | undefined,
): Promise<Response | null> {
  const cache = edgeCache();
  const headers = { 'Content-Type': 'application/json', 'Cache-Control': cacheControl, Vary: 'Accept-Encoding' };
  const gzipped = acceptsGzip(acceptEncoding) ? await cache?.match(keyOf(scope, variant, 'gzip')) : undefined;
  if (gzipped) return new Response(gzipped.body, { headers: { ...headers, 'Content-Encoding': 'gzip' }, encodeBody: 'manual' });
  const json = await cache?.match(keyOf(scope, variant, 'json'));
  return json ? new Response(json.body, { headers }) : null;
}

/** Forgets the given variants of a scope (both forms), so their next read loads fresh data. */
export async function purgeCached(scope: string, variants: readonly string[]): Promise<void> {
  const cache = edgeCache();
  if (!cache) return;
  await Promise.all(variants.flatMap((variant) => STORED_FORMS.map((form) => cache.delete(keyOf(scope, variant, form)))));
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

export function purgeSpaListing(): Promise<void> {
  return purgeCached(CACHE_SCOPES.spaListing.scope, CACHE_SCOPES.spaListing.variants);
}
