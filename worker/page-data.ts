// The first queries' answers sent with the page (ADR 023): for an address whose screen common/screen-plans.ts plans, the
// Worker runs the screen's first queries through the same procedures (a server-side caller, one context: the
// session is looked up once; the queries whose inputs come from the first answers, such as a profile's lists, follow
// them) while the app shell is read, writes their answers into the page as a JSON data block
// (`<script type="application/json">`, which the Content Security Policy lets through: it is never run) and adds
// modulepreload links for the screen's code (dist/web/route-chunks.json, written by the build), and draws the
// screen's first frame into the root where its plan has one (the map home's spa markers, inside the home's header
// and bottom bar as the build prerendered them: common/screen-chrome.ts). A query that fails
// is left out: the screen asks for it itself and shows its error (a ban among them: the app's own call is told it).
// A plan may send a browser whose session cookie names nobody elsewhere (the home: to the sign-in form). Such a page
// carries the member's own data, so it is never stored by a cache.
import { FIRST_FRAME, PAGE_DATA_ELEMENT_ID, scriptSafeJson, type FirstQuery } from '../common/page-data.ts';
import type { CurrentUser } from '../common/account.ts';
import { chromeFor, isRoleMarkup, isScreenChrome, SCREEN_CHROME_FILE } from '../common/screen-chrome.ts';
import { screenPlan, type ScreenCode, type ScreenPlan } from '../common/screen-plans.ts';
import { PRIVATE_CACHE_CONTROL } from './response-cache.ts';
import { createCaller } from './routers/index.ts';
import { readConfig, type Bindings, type Config } from './env.ts';
import { cachedJson, cachedJsonBytes, listingCache, spaListingCache } from './services/edge-cache.ts';
import { readSessionToken } from './services/sessions.ts';
import { createContext } from './trpc.ts';

/** The procedure whose answer says who is signed in (null: nobody). */
const ME_PATH = 'account.me';

/** The app shell's empty root, and the attribute that tells the app its root holds a screen's first frame. */
const ROOT_ELEMENT = '<div id="root"></div>';
const FIRST_FRAME_ATTRIBUTE = `data-prerendered="${FIRST_FRAME}"`;
/** The attribute of a root that holds a screen in its loading state (replaced by the app's first render). */
const LOADING_ATTRIBUTE = 'data-prerendered="loading"';

type ChunkFiles = Partial<Record<ScreenCode, string[]>>;

/** Files the build writes for the Worker, read once per isolate (what a missing or unusable file gives instead). */
const buildFiles = new Map<string, Promise<unknown>>();

function buildFile<T>(
  env: Bindings,
  origin: string,
  path: string,
  usable: (value: unknown) => value is T,
  fallback: T,
): Promise<T> {
  let file = buildFiles.get(path);
  if (!file) {
    file = env.ASSETS.fetch(new Request(new URL(path, origin)))
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => null);
    buildFiles.set(path, file);
  }
  return file.then((value) => (usable(value) ? value : fallback));
}

/** dist/web/route-chunks.json: the files of each screen's code. */
function screenChunks(env: Bindings, origin: string): Promise<ChunkFiles> {
  return buildFile(
    env,
    origin,
    '/route-chunks.json',
    (value): value is ChunkFiles => typeof value === 'object' && value !== null,
    {},
  );
}

/** The signed-in home's chrome for the member who signed in (null without a build that wrote it). */
async function homeChrome(env: Bindings, origin: string, me: unknown): Promise<string | null> {
  const chrome = await buildFile(env, origin, SCREEN_CHROME_FILE, isScreenChrome, null);
  return chrome && me ? chromeFor(chrome, me as CurrentUser) : null;
}

/** The screen in its loading state for the member's role, from the plan's prerendered file (null: none, or nobody). */
async function loadingScreen(
  env: Bindings,
  origin: string,
  file: string | undefined,
  me: unknown,
): Promise<string | null> {
  if (!file || !me) return null;
  const markup = await buildFile(env, origin, file, isRoleMarkup, null);
  return markup?.[(me as CurrentUser).role] ?? null;
}

type ProcedureCall = (input: unknown) => Promise<unknown>;

/**
 * An answer as the page holds it: the procedure's, or the bytes of the JSON the edge cache keeps of it (a few hundred
 * kB for the map's listing), which go into the data block as they are and are parsed only if something here reads them.
 */
interface HeldAnswer extends FirstQuery {
  data?: unknown;
  bytes?: ArrayBuffer;
}

function dataOfAnswer(answer: HeldAnswer | undefined): unknown {
  return answer?.bytes ? JSON.parse(new TextDecoder().decode(answer.bytes)) : answer?.data;
}

/** What the answers hold for a procedure's path (the first such answer), undefined for one left out. */
const answerOf = (answers: HeldAnswer[]) => (path: string) =>
  dataOfAnswer(answers.find((answer) => answer.path === path));

/** Whether the answers hold something for a path (not null: a session that no longer works answers nobody). */
const answered = (answers: HeldAnswer[], path: string) =>
  answers.some(
    (answer) =>
      answer.path === path && (answer.bytes !== undefined || (answer.data !== null && answer.data !== undefined)),
  );

/** The data block's content: each answer's JSON, script-safe, and held bytes as they are (they are stored script-safe). */
function dataBlock(answers: HeldAnswer[]): (string | ArrayBuffer)[] {
  const parts: (string | ArrayBuffer)[] = ['['];
  answers.forEach(({ bytes, ...answer }, index) => {
    if (index > 0) parts.push(',');
    if (!bytes) parts.push(scriptSafeJson(JSON.stringify(answer)));
    else parts.push(`${scriptSafeJson(JSON.stringify(answer)).slice(0, -1)},"data":`, bytes, '}');
  });
  parts.push(']');
  return parts;
}

/**
 * Where a first frame drawn from the answer at a path is kept, beside that answer in the edge cache (purged by the
 * same writes, for the same time): the map home's markers are the same for every member and cost the Worker more
 * than the rest of the page (about 40% of its CPU at 1,000 spas), so they are drawn once per cache fill, not per
 * page. A fill that raced a purge may keep a frame one write behind the listing for at most the listing's time to
 * live, as the listing's own fill may; the app's first render replaces the frame with markers drawn from the page's
 * own listing.
 */
function frameCacheOf(path: string, config: Config): { scope: string; variant: string; ttlSeconds: number } | null {
  const cache = path === 'map.users' ? spaListingCache(config) : null;
  return cache && { scope: cache.scope, variant: cache.firstFrame, ttlSeconds: cache.ttlSeconds };
}

/** Where the edge cache keeps a first query's answer as the procedure gives it to everyone: the spa listing. */
function storedAnswerOf({ path, input }: FirstQuery, config: Config): { scope: string; variant: string } | null {
  const cache = path === 'map.users' ? listingCache((input as { role?: unknown } | undefined)?.role, config) : null;
  return cache && { scope: cache.scope, variant: cache.listing };
}

/**
 * The plan's first frame when every first query answered something (a session that no longer works answers nobody,
 * null, for `account.me`), or null: a frame that fails to draw leaves the root to the app, as a failed query does.
 */
async function firstFrame(
  plan: ScreenPlan,
  answers: HeldAnswer[],
  config: Config,
  executionCtx?: ExecutionContext,
): Promise<string | null> {
  const frame = plan.firstFrame;
  const dataOf = answerOf(answers);
  if (!frame || !plan.queries.every(({ path }) => answered(answers, path))) return null;
  try {
    const cache = frameCacheOf(frame.from, config);
    const draw = async () => frame.draw(dataOf(frame.from));
    return cache
      ? await cachedJson(
          cache.scope,
          cache.variant,
          cache.ttlSeconds,
          draw,
          executionCtx && ((promise) => executionCtx.waitUntil(promise)),
        )
      : await draw();
  } catch {
    return null;
  }
}

/** The page `shell` (the app's index.html answer) for `request`, with its screen's first answers and code, or as it was. */
export async function withPageData(
  request: Request,
  env: Bindings,
  shell: Response,
  executionCtx?: ExecutionContext,
): Promise<Response> {
  const url = new URL(request.url);
  const plan = screenPlan(url.pathname, readSessionToken(request) !== null);
  if (
    !plan ||
    request.method !== 'GET' ||
    shell.status !== 200 ||
    !(shell.headers.get('Content-Type') ?? '').includes('text/html')
  )
    return shell;

  const resHeaders = new Headers();
  // A failed query is left out of the page, so a ban is not told here: the app's own first call says it.
  const context = createContext(request, env, resHeaders, executionCtx, { tellsSessionEnd: false });
  const caller = createCaller(context) as unknown as Record<string, Record<string, ProcedureCall>>;
  const config = readConfig(env);
  const ask = async (query: FirstQuery): Promise<HeldAnswer | null> => {
    const { path, input, infinite } = query;
    const [scope, name] = path.split('.') as [string, string];
    try {
      const stored = storedAnswerOf(query, config);
      const bytes = stored && (await cachedJsonBytes(stored.scope, stored.variant));
      if (bytes) return { path, input, bytes };
      // A list read as pages is asked for its first page, as the screen's first fetch would (tRPC's first cursor is null).
      const data = await caller[scope]![name]!(infinite ? { ...(input as object), cursor: null } : input);
      return { path, ...(input === undefined ? {} : { input }), ...(infinite ? { infinite } : {}), data };
    } catch {
      return null;
    }
  };
  const askPlan = async (): Promise<HeldAnswer[]> => {
    const first = (await Promise.all(plan.queries.map(ask))).filter((answer) => answer !== null);
    const followUps = plan.followUps?.(answerOf(first)) ?? [];
    return [...first, ...(await Promise.all(followUps.map(ask))).filter((answer) => answer !== null)];
  };
  const [answers, chunks, html] = await Promise.all([askPlan(), screenChunks(env, url.origin), shell.text()]);
  if (plan.staleSessionTo && answers.some((answer) => answer.path === ME_PATH && answer.data === null)) {
    // account.me has cleared the cookie that named nobody; the redirect carries that.
    const headers = new Headers({
      Location: plan.staleSessionTo,
      'Cache-Control': PRIVATE_CACHE_CONTROL,
      Vary: 'Cookie',
    });
    for (const cookie of resHeaders.getSetCookie()) headers.append('Set-Cookie', cookie);
    return new Response(null, { status: 302, headers });
  }
  const frame = await firstFrame(plan, answers, config, executionCtx);
  // The screen's chrome around its frame: a page without a frame is left to the app, chrome and all.
  const me = answerOf(answers)(ME_PATH);
  const chrome = frame && plan.firstFrame?.chrome === 'home' ? await homeChrome(env, url.origin, me) : null;
  // Without a first frame, the screen's loading state where the build drew one, so that its outline paints at once.
  const loading = frame ? null : await loadingScreen(env, url.origin, plan.loading, me);
  // The screen's code after the app's own preloads.
  const links = [...new Set(plan.code.flatMap((key) => chunks[key] ?? []))]
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('\n    ');
  // Replacement functions, not strings: members' text may hold `$&` and its kin. The data block, the largest part
  // (hundreds of kB with the map's listing), is not put into the page's text but sent beside it in one Blob.
  const withFrame = html
    .replace('</head>', () => `  ${links}\n  </head>`)
    .replace(ROOT_ELEMENT, (root) =>
      frame
        ? `<div id="root" ${FIRST_FRAME_ATTRIBUTE}>${chrome ?? ''}${frame}</div>`
        : loading
          ? `<div id="root" ${LOADING_ATTRIBUTE}>${loading}</div>`
          : root,
    );
  const bodyEnd = withFrame.lastIndexOf('</body>');
  const data = [
    `  <script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`,
    ...dataBlock(answers),
    '</script>\n  ',
  ];
  const page = bodyEnd < 0 ? [withFrame] : [withFrame.slice(0, bodyEnd), ...data, withFrame.slice(bodyEnd)];

  const headers = new Headers(shell.headers);
  headers.delete('Content-Length');
  headers.delete('ETag');
  headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
  headers.append('Vary', 'Cookie');
  // A session the lookup refreshed (or a ban it found) sets or clears the cookie with the page.
  for (const cookie of resHeaders.getSetCookie()) headers.append('Set-Cookie', cookie);
  return new Response(new Blob(page), { status: 200, headers });
}
