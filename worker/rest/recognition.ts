// REST paths of reviews, recognition, histories and leaderboards (spec, "The calls it makes"; docs/rest.md lists them).
// Each only calls the same tRPC procedure through rest().
import { Hono } from 'hono';
import type { Handler } from 'hono';
import { BOARDS, DEFAULT_TIMEFRAME, RESTRICTED_BOARDS, TIMEFRAMES, type Board } from '../../common/recognition.ts';
import { CACHE_SCOPES, cachedAnswer } from '../services/edge-cache.ts';
import { BOARD_CACHE_TTL_SECONDS } from '../../common/limits.ts';
import { publicCacheControl } from '../response-cache.ts';
import { rest, type HonoEnv } from './adapter.ts';

const timeframeOf = (query: URLSearchParams) => (query.get('timeframe') ?? undefined) as never;
const userIdOf = (params: Record<string, string>) => ({ userId: params.userId ?? params.id }) as never;

/** Spec paths of the boards; every board is also served under its own name (/api/leaderboards/{board}). */
const BOARD_PATHS = new Map<string, Board>([
  ['stars', 'spas'],
  ['medals', 'clients'],
  ['flowers', 'flower-givers'],
  ['generous', 'medal-givers'],
  ['problems', 'problems'],
  ...BOARDS.map((board) => [board, board] as const),
]);

/**
 * A public board (or the summary) from the edge cache: a hit is answered with the stored JSON of the same
 * procedure; a miss (or a restricted board) calls the procedure, which loads and stores it.
 */
function board(variantBoard: Board | 'summary'): Handler<HonoEnv> {
  const viaProcedure = rest<unknown>((caller, { query }) =>
    variantBoard === 'summary'
      ? caller.leaderboards.summary({ timeframe: timeframeOf(query) })
      : caller.leaderboards.board({ board: variantBoard, timeframe: timeframeOf(query) }),
  );
  return async (c, next) => {
    const timeframe = c.req.query('timeframe') ?? DEFAULT_TIMEFRAME;
    if (!RESTRICTED_BOARDS.includes(variantBoard as Board) && (TIMEFRAMES as readonly string[]).includes(timeframe)) {
      const hit = await cachedAnswer(
        CACHE_SCOPES.leaderboards.scope,
        `${variantBoard}:${timeframe}`,
        publicCacheControl(BOARD_CACHE_TTL_SECONDS),
      );
      if (hit !== null) return hit;
    }
    return viaProcedure(c, next);
  };
}

export const recognitionRoutes = new Hono<HonoEnv>()
  // Reviews and owner replies
  .post(
    '/user-reviews',
    rest((caller, { body }) => caller.reviews.submit(body as never)),
  )
  .put(
    '/reviews/:reviewId/reply',
    rest((caller, { params, body }) =>
      caller.reviews.reply({ ...(body as object), reviewId: params.reviewId } as never),
    ),
  )
  .delete(
    '/reviews/:reviewId/reply',
    rest((caller, { params }) => caller.reviews.deleteReply({ reviewId: params.reviewId } as never)),
  )
  // Giving
  .post(
    '/stars',
    rest((caller, { body }) => caller.recognition.giveStar(body as never)),
  )
  .post(
    '/flowers',
    rest((caller, { body }) => caller.recognition.giveFlower(body as never)),
  )
  .post(
    '/medals',
    rest((caller, { body }) => caller.recognition.giveMedal(body as never)),
  )
  .post(
    '/red-flags',
    rest((caller, { body }) => caller.recognition.reportRedFlag(body as never)),
  )
  .post(
    '/red-flags/:redFlagId/dispute',
    rest((caller, { params, body }) =>
      caller.recognition.disputeRedFlag({ ...(body as object), redFlagId: params.redFlagId } as never),
    ),
  )
  // Histories and recipient lists (a path segment; GET /api/users?role= is the map's listing)
  .get(
    '/stars/:userId',
    rest((caller, { params }) => caller.recognition.stars(userIdOf(params))),
  )
  .get(
    '/flowers/:userId',
    rest((caller, { params }) => caller.recognition.flowers(userIdOf(params))),
  )
  .get(
    '/users/:role{spa_management|therapist}',
    rest((caller, { params, query }) =>
      caller.recognition.recipients({ role: params.role, q: query.get('q') ?? undefined } as never),
    ),
  )
  .get(
    '/users/:userId/medal-history',
    rest((caller, { params }) => caller.recognition.medalHistory(userIdOf(params))),
  )
  .get(
    '/users/:userId/red-flag-history',
    rest((caller, { params }) => caller.recognition.redFlagHistory(userIdOf(params))),
  )
  .get(
    '/users/:userId/:type{(stars|medals|flowers|red-flags)-transactions}',
    rest((caller, { params, query }) =>
      caller.recognition.transactions({
        member: { userId: params.userId },
        type: params.type!.replace(/-transactions$/, ''),
        timeframe: query.get('timeframe') ?? undefined,
      } as never),
    ),
  )
  // Leaderboards: GET /api/leaderboards is Top Therapists
  .get('/leaderboards', board('therapists'))
  .get('/leaderboards/summary', board('summary'))
  .get('/leaderboards/:path', async (c, next) => {
    const handler = BOARD_HANDLERS.get(BOARD_PATHS.get(c.req.param('path'))!);
    return handler ? handler(c, next) : next();
  });

const BOARD_HANDLERS = new Map<Board, Handler<HonoEnv>>(BOARDS.map((name) => [name, board(name)]));
