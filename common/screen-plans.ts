// What a screen asks first, by its address (ADR 023): the Worker sends those queries' answers with the page
// (common/page-data.ts) and preloads the screen's code beside the app's own, so a first visit renders the screen
// without waiting for a script to ask the server for its data. The inputs here are the ones the screens pass, so
// the cache keys match. The Worker's only: the web app's first bundle must not carry what this imports.
import type { SpaListingEntry } from './map.ts';
import type { FirstQuery } from './page-data.ts';
import { profileSections, type PublicProfile } from './profile.ts';
import { DEFAULT_TIMEFRAME } from './recognition.ts';
import { PROFILE_LOADING_FILE } from './screen-chrome.ts';
import { mapHomeFirstFrame } from './spa-markers.ts';

/** The code a screen needs first, by the key the build writes into route-chunks.json (scripts/route-chunks.ts). */
export type ScreenCode =
  'routes/profile.tsx' | 'routes/leaderboards.tsx' | 'routes/search.tsx' | 'components/map/spa-map.tsx';

export interface ScreenPlan {
  queries: FirstQuery[];
  /**
   * The queries whose inputs come from the first answers (a profile's lists need the member's id, which a slug does
   * not give): asked once `queries` are answered, from what `answerOf` gives for a path (undefined for one that failed).
   */
  followUps?: (answerOf: (path: string) => unknown) => FirstQuery[];
  /**
   * Code to preload with the page. Not the map library (300 kB compressed): preloaded with the page, it took the
   * screen's own scripts' bandwidth on a slow connection; the start-up loads it as soon as the shell's scripts are
   * in (web/main.tsx), beside the screen rather than before it.
   */
  code: ScreenCode[];
  /**
   * Markup drawn into the page's root, so that the screen's first content paints before any script (the map home's
   * spa markers); the app's first render replaces it with the same. It is drawn from one answer that every member
   * gets alike (`from`, the path of one of `queries`), so the Worker may keep it beside that answer in its cache,
   * and only when every one of `queries` answered something (a session that no longer works, whose `account.me` is
   * null or refused, gets no frame).
   */
  firstFrame?: {
    from: string;
    draw: (answer: unknown) => string;
    /** Whose chrome goes around it: the signed-in home's header and bottom bar for the member (common/screen-chrome.ts). */
    chrome?: 'home';
  };
  /**
   * A prerendered file (common/screen-chrome.ts) with the screen in its loading state for each role, drawn into the
   * page's root for the member's role where the screen has no first frame: its outline paints from the HTML, before
   * any script, and the app's first render replaces it.
   */
  loading?: string;
  /**
   * Where the page sends a browser whose session cookie names no member (`account.me` answered null, not a ban):
   * the home goes to the sign-in form (spec, "/ (home)": a session cookie present but no user resolved). The
   * cookie is cleared with the redirect, so the next visit is a visitor's.
   */
  staleSessionTo?: string;
}

const ME: FirstQuery = { path: 'account.me' };

type Member = Pick<PublicProfile, 'id' | 'role'>;

/** The answers a profile's sections (`profileSections`) need beyond the card; none for a visitor. */
function sectionQueries(viewer: Member | null | undefined, profile: Member | undefined): FirstQuery[] {
  if (!viewer || !profile) return [];
  const shown = profileSections(viewer.id, profile);
  const queries: FirstQuery[] = [];
  if (shown.lineup) queries.push({ path: 'lineup.of', input: { userId: profile.id } });
  if (shown.saveLists) queries.push({ path: 'favorites.saved', input: { targetUserId: profile.id } });
  if (shown.medalsAwarded)
    queries.push({ path: 'profiles.medalsAwarded', input: { target: { userId: profile.id } }, infinite: true });
  return queries;
}

function slugOf(pathname: string, prefix: string): string | null {
  if (!pathname.startsWith(prefix)) return null;
  const rest = pathname.slice(prefix.length);
  if (!rest || rest.includes('/')) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return null;
  }
}

/**
 * The first queries and code of the screen at `pathname`, or null where nothing is sent with the page. `signedIn`
 * says whether the request carries a session: the signed-in home is the map; a visitor's `/` is the prerendered
 * landing page.
 */
export function screenPlan(pathname: string, signedIn: boolean): ScreenPlan | null {
  if (pathname === '/') {
    if (!signedIn) return null;
    return {
      queries: [ME, { path: 'map.config' }, { path: 'map.users', input: { role: 'spa_management' } }],
      code: ['components/map/spa-map.tsx'],
      firstFrame: { from: 'map.users', draw: (spas) => mapHomeFirstFrame(spas as SpaListingEntry[]), chrome: 'home' },
      staleSessionTo: '/auth',
    };
  }
  if (pathname === '/leaderboards') {
    const timeframe = DEFAULT_TIMEFRAME;
    return {
      queries: [
        ME,
        { path: 'leaderboards.summary', input: { timeframe } },
        { path: 'leaderboards.board', input: { board: 'therapists', timeframe } },
        { path: 'leaderboards.board', input: { board: 'spas', timeframe } },
      ],
      code: ['routes/leaderboards.tsx'],
    };
  }
  if (pathname === '/search') return { queries: [ME], code: ['routes/search.tsx'] };
  const ref =
    pathname === '/profile'
      ? { me: true }
      : ['/profile/', '/spa/'].map((prefix) => slugOf(pathname, prefix)).find(Boolean);
  if (ref) {
    const input = typeof ref === 'string' ? { slug: ref } : ref;
    return {
      queries: [ME, { path: 'profiles.profile', input }, { path: 'profiles.stats', input }],
      followUps: (answerOf) =>
        sectionQueries(
          answerOf('account.me') as Member | null | undefined,
          answerOf('profiles.profile') as Member | undefined,
        ),
      code: ['routes/profile.tsx'],
      loading: PROFILE_LOADING_FILE,
    };
  }
  return null;
}
