// The profile screen's queries with the cache settings of the spec's "Business constants and limits": the profile
// lookup and the stats are fetched fresh on every visit (freshness 0, kept 2 and 5 minutes), by the route loader,
// before the screen's code has even arrived; the screen then reads them without fetching again. Lists keep the
// default 5 minutes. A 4xx answer (not found, signed out) is final; other failures are retried.
import type { ProfileRef } from '../../common/profile.ts';
import type { TrpcUtils } from '../trpc.ts';
import { httpStatusOf } from './errors.ts';
import { ANSWER_REUSE_MS, SESSION_QUERY_OPTIONS } from './session.ts';

function retryUnlessFinal(times: number) {
  return (failures: number, error: unknown) => {
    const status = httpStatusOf(error);
    return failures < times && !(status !== undefined && status >= 400 && status < 500);
  };
}

/** Profile lookup: freshness 0, kept 2 minutes, 3 retries (never for a missing member). */
export const PROFILE_QUERY = {
  staleTime: 0,
  gcTime: 2 * 60_000,
  refetchOnMount: false,
  retry: retryUnlessFinal(3),
  retryDelay: 1000,
} as const;
/** Profile stats: freshness 0, kept 5 minutes. */
export const STATS_QUERY = {
  staleTime: 0,
  gcTime: 5 * 60_000,
  refetchOnMount: false,
  retry: retryUnlessFinal(1),
  retryDelay: 1000,
} as const;
export const LIST_QUERY = { retry: retryUnlessFinal(1) } as const;

/** The member a profile address names: a slug, or (no slug) the signed-in member. */
export function profileRef(slug: string | undefined): ProfileRef {
  return slug ? { slug } : { me: true };
}

/** What the profile screen shows first, the member included, fetched in parallel (tRPC sends one request). */
export function prefetchProfileScreen(utils: TrpcUtils, slug: string | undefined): void {
  const ref = profileRef(slug);
  void Promise.allSettled([
    utils.account.me.prefetch(undefined, { ...SESSION_QUERY_OPTIONS, staleTime: ANSWER_REUSE_MS }),
    utils.profiles.profile.prefetch(ref, { ...PROFILE_QUERY, staleTime: ANSWER_REUSE_MS }),
    utils.profiles.stats.prefetch(ref, { ...STATS_QUERY, staleTime: ANSWER_REUSE_MS }),
  ]);
}
