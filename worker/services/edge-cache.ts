// Public reads that many members make (the spa listing, the leaderboards) are kept in the edge cache (the
// Workers Cache API) for a short time, so a cached read costs no database round trip. A write that changes
// what such a read answers purges its keys, so the next read in this location is fresh; other locations
// catch up within the short TTL (the Cache API is per data centre). ADR 006 records the choice.
//
// Keys are internal URLs (never the request's own URL, which may carry a cookie-bearing member's query), one
// per scope and variant: `cachedJson('leaderboards', 'stars:weekly', 30, load)`, purged with
// `purgeCached('leaderboards', variants)`.
//
// Entries are stored gzipped, compressed once when filled. A hit answers a client that accepts gzip (every
// browser, and the SDK's fetch) with the stored bytes as they are: a 1,000-spa listing is a few hundred kB of
// JSON, and gzipped a tenth of that, which the edge would otherwise compress again for every request.
import { BOARDS, TIMEFRAMES } from '../../common/recognition.ts';

const KEY_ORIGIN = 'https://edge-cache.internal';

function keyOf(scope: string, variant: string): Request {
  return new Request(`${KEY_ORIGIN}/${encodeURIComponent(scope)}/${encodeURIComponent(variant)}`);
}

function edgeCache(): Cache | null {
  // Absent outside workerd (unit tests in Node); then every read loads.
  return typeof caches === 'undefined' ? null : (caches as unknown as { default: Cache }).default;
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
  const cache = edgeCache();
  const key = keyOf(scope, variant);
  const hit = cache ? await cache.match(key) : undefined;
  if (hit?.body) return (await new Response(gunzip(hit.body)).json()) as T;
  const value = await load();
  if (cache) {
    const json = new Response(JSON.stringify(value)).body!;
    const stored = cache.put(
      key,
      new Response(json.pipeThrough(new CompressionStream('gzip')), {
        headers: { 'Content-Type': STORED_TYPE, 'Cache-Control': `public, s-maxage=${ttlSeconds}` },
      }),
    );
    if (waitUntil) waitUntil(stored);
    else await stored;
  }
  return value;
}

/** What a stored entry holds: the answer's JSON, gzipped. */
const STORED_TYPE = 'application/gzip';

function gunzip(body: ReadableStream): ReadableStream {
  return body.pipeThrough(new DecompressionStream('gzip'));
}

/** Whether an `Accept-Encoding` header admits gzip (listed, or by `*`, without `q=0`). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? '').split(',').some((entry) => {
    const [coding, ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const refused = parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter));
    return (coding === 'gzip' || coding === '*') && !refused;
  });
}

/**
 * The stored answer of a scope's variant as an HTTP answer, or null: a public REST path answers a hit without
 * building a caller, parsing and serialising again. The stored gzip goes out as it is to a client that accepts
 * it, and is inflated as it streams to one that does not. A miss goes through `cachedJson`.
 */
export async function cachedAnswer(
  scope: string,
  variant: string,
  cacheControl: string,
  acceptEncoding: string | undefined,
): Promise<Response | null> {
  const hit = await edgeCache()?.match(keyOf(scope, variant));
  if (!hit?.body) return null;
  const headers = { 'Content-Type': 'application/json', 'Cache-Control': cacheControl, Vary: 'Accept-Encoding' };
  return acceptsGzip(acceptEncoding)
    ? new Response(hit.body, { headers: { ...headers, 'Content-Encoding': 'gzip' }, encodeBody: 'manual' })
    : new Response(gunzip(hit.body), { headers });
}

/** Forgets the given variants of a scope, so their next read loads fresh data. */
export async function purgeCached(scope: string, variants: readonly string[]): Promise<void> {
  const cache = edgeCache();
  if (!cache) return;
  await Promise.all(variants.map((variant) => cache.delete(keyOf(scope, variant))));
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
