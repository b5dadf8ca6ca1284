// REST paths of reviews, recognition, histories and leaderboards (spec, "The calls it makes"; docs/rest.md lists them).
// Each only calls the same tRPC procedure.
import { BOARD_CACHE_TTL_SECONDS } from '../../common/limits.ts';
import { boardAnswerSchema, summaryAnswerSchema } from '../../common/leaderboard-output.ts';
import { reviewSchema } from '../../common/profile-output.ts';
import {
  BOARD_LABELS,
  BOARDS,
  DEFAULT_TIMEFRAME,
  RESTRICTED_BOARDS,
  TIMEFRAMES,
  TRANSACTION_TIMEFRAMES,
  TRANSACTION_TYPES,
  type Board,
} from '../../common/recognition.ts';
import { disputeInput, medalInput, redFlagInput, starOrFlowerInput } from '../../common/recognition-input.ts';
import {
  giftHistorySchema,
  medalHistorySchema,
  recipientChoiceSchema,
  recognitionGiftSchema,
  recognitionTransactionsSchema,
  redFlagDisputeSchema,
  redFlagHistorySchema,
} from '../../common/recognition-output.ts';
import { reviewInput, replyText } from '../../common/review-input.ts';
import { reviewSubmissionSchema } from '../../common/reviews-output.ts';
import * as z from '../../common/zod.ts';
import { publicCacheControl } from '../response-cache.ts';
import { CACHE_SCOPES, cachedAnswer } from '../services/edge-cache.ts';
import { withPathParameters, type RestCall } from './adapter.ts';
import type { RestDomain } from './openapi.ts';
import { byUserId, idParameter } from './parameters.ts';
import { jsonRoute, type RestRoute } from './route.ts';

const byReview = z.object({ reviewId: idParameter('The review') });
const timeframeQuery = z.object({ timeframe: z.optional(z.enum(TIMEFRAMES)).meta({ default: DEFAULT_TIMEFRAME }) });

/** Spec paths of the boards; every board is also served under its own name (/api/leaderboards/{board}). */
const BOARD_PATHS: [string, Board][] = [
  ['stars', 'spas'],
  ['medals', 'clients'],
  ['flowers', 'flower-givers'],
  ['generous', 'medal-givers'],
  ['problems', 'problems'],
  ...BOARDS.filter((board) => board !== 'problems').map((board): [string, Board] => [board, board]),
];

/**
 * A public board (or the summary) is answered from the edge cache when it holds it: the stored JSON of the same
 * procedure; a miss (or a restricted board) calls the procedure, which loads and stores it.
 */
function boardRoute(path: string, board: Board): RestRoute {
  return jsonRoute({
    method: 'get',
    path,
    summary: `The ${BOARD_LABELS[board]} leaderboard`,
    // A restricted board answers 403 to everyone else, a signed-out visitor included.
    ...(RESTRICTED_BOARDS.includes(board)
      ? { description: 'Only for spa management, therapists and admins (403 to anyone else).', errors: [403] as const }
      : {}),
    access: 'anyone',
    query: timeframeQuery,
    answer: boardAnswerSchema,
    fromCache: (c) => fromBoardCache(board, c.req.query('timeframe')),
    call: (caller, { query }) => caller.leaderboards.board({ board, timeframe: query.get('timeframe') ?? undefined }),
  });
}

function fromBoardCache(board: Board | 'summary', timeframe: string = DEFAULT_TIMEFRAME): Promise<Response | null> {
  if (RESTRICTED_BOARDS.includes(board as Board) || !(TIMEFRAMES as readonly string[]).includes(timeframe))
    return Promise.resolve(null);
  return cachedAnswer(
    CACHE_SCOPES.leaderboards.scope,
    `${board}:${timeframe}`,
    publicCacheControl(BOARD_CACHE_TTL_SECONDS),
  );
}

/** Giving a star, a flower or a medal, or reporting a red flag. */
function giftRoute(
  path: string,
  summary: string,
  body: z.ZodType,
  give: RestCall<z.input<typeof recognitionGiftSchema>>,
) {
  return jsonRoute({
    method: 'post',
    path,
    summary,
    access: 'member',
    body,
    errors: [403, 404, 409, 429],
    answer: recognitionGiftSchema,
    call: give,
  });
}

export const recognitionRoutes: RestDomain = {
  tag: 'Reviews and recognition',
  description:
    'Reviews and their replies, stars, flowers, medals and red flags, their histories, and the leaderboards.',
  routes: [
    jsonRoute({
      method: 'post',
      path: '/user-reviews',
      summary: 'Review a spa or a therapist',
      access: 'member',
      body: reviewInput,
      errors: [403, 404, 409, 429],
      answer: reviewSubmissionSchema,
      call: (caller, { body }) => caller.reviews.submit(body),
    }),
    jsonRoute({
      method: 'put',
      path: '/reviews/{reviewId}/reply',
      summary: 'Reply to a review of oneself (or change the reply)',
      access: 'member',
      params: byReview,
      body: z.object({ replyText }),
      errors: [403, 404, 429],
      answer: reviewSchema,
      call: (caller, { params, body }) => caller.reviews.reply(withPathParameters(body, { reviewId: params.reviewId })),
    }),
    jsonRoute({
      method: 'delete',
      path: '/reviews/{reviewId}/reply',
      summary: 'Take one’s reply off a review',
      access: 'member',
      params: byReview,
      errors: [403, 404],
      answer: reviewSchema,
      call: (caller, { params }) => caller.reviews.deleteReply({ reviewId: params.reviewId }),
    }),
    giftRoute('/stars', 'Give a star', starOrFlowerInput, (caller, { body }) => caller.recognition.giveStar(body)),
    giftRoute('/flowers', 'Give a flower', starOrFlowerInput, (caller, { body }) =>
      caller.recognition.giveFlower(body),
    ),
    giftRoute('/medals', 'Award a medal (spa management)', medalInput, (caller, { body }) =>
      caller.recognition.giveMedal(body),
    ),
    giftRoute('/red-flags', 'Report a red flag', redFlagInput, (caller, { body }) =>
      caller.recognition.reportRedFlag(body),
    ),
    jsonRoute({
      method: 'post',
      path: '/red-flags/{redFlagId}/dispute',
      summary: 'Dispute a red flag one received',
      access: 'member',
      params: z.object({ redFlagId: idParameter('The red flag') }),
      body: disputeInput.omit({ redFlagId: true }),
      errors: [403, 404, 409, 429],
      answer: redFlagDisputeSchema,
      call: (caller, { params, body }) =>
        caller.recognition.disputeRedFlag(withPathParameters(body, { redFlagId: params.redFlagId })),
    }),
    // Histories and recipient lists (a path segment; GET /api/users?role= is the map's listing)
    jsonRoute({
      method: 'get',
      path: '/stars/{userId}',
      summary: 'A member’s stars, given and received',
      access: 'member',
      params: byUserId,
      errors: [404],
      answer: giftHistorySchema,
      call: (caller, { params }) => caller.recognition.stars({ userId: params.userId }),
    }),
    jsonRoute({
      method: 'get',
      path: '/flowers/{userId}',
      summary: 'A member’s flowers, given and received',
      access: 'member',
      params: byUserId,
      errors: [404],
      answer: giftHistorySchema,
      call: (caller, { params }) => caller.recognition.flowers({ userId: params.userId }),
    }),
    ...(['spa_management', 'therapist'] as const).map((role) =>
      jsonRoute({
        method: 'get',
        path: `/users/${role}`,
        summary: `Members of the ${role} role to give to (a picker), by name`,
        access: 'member',
        query: z.object({ q: z.optional(z.string()).meta({ description: 'Part of the name.' }) }),
        answer: z.array(recipientChoiceSchema),
        call: (caller, { query }) => caller.recognition.recipients({ role, q: query.get('q') ?? undefined }),
      }),
    ),
    jsonRoute({
      method: 'get',
      path: '/users/{userId}/medal-history',
      summary: 'A member’s medals, awarded and received',
      access: 'member',
      params: byUserId,
      errors: [404],
      answer: medalHistorySchema,
      call: (caller, { params }) => caller.recognition.medalHistory({ userId: params.userId }),
    }),
    jsonRoute({
      method: 'get',
      path: '/users/{userId}/red-flag-history',
      summary: 'A member’s red flags, reported and received',
      access: 'member',
      params: byUserId,
      errors: [403, 404],
      answer: redFlagHistorySchema,
      call: (caller, { params }) => caller.recognition.redFlagHistory({ userId: params.userId }),
    }),
    ...TRANSACTION_TYPES.map((type) =>
      jsonRoute({
        method: 'get',
        path: `/users/{userId}/${type}-transactions`,
        summary: `A member’s ${type.replace('-', ' ')}, given and received, over a timeframe`,
        access: 'member',
        params: byUserId,
        query: z.object({ timeframe: z.optional(z.enum(TRANSACTION_TIMEFRAMES)) }),
        errors: [403, 404],
        answer: recognitionTransactionsSchema,
        call: (caller, { params, query }) =>
          caller.recognition.transactions({
            member: { userId: params.userId },
            type,
            timeframe: query.get('timeframe') ?? undefined,
          }),
      }),
    ),
    // Leaderboards: GET /api/leaderboards is Top Therapists
    boardRoute('/leaderboards', 'therapists'),
    jsonRoute({
      method: 'get',
      path: '/leaderboards/summary',
      summary: 'The top of every public board',
      access: 'anyone',
      query: timeframeQuery,
      answer: summaryAnswerSchema,
      fromCache: (c) => fromBoardCache('summary', c.req.query('timeframe')),
      call: (caller, { query }) => caller.leaderboards.summary({ timeframe: query.get('timeframe') ?? undefined }),
    }),
    ...BOARD_PATHS.map(([path, board]) => boardRoute(`/leaderboards/${path}`, board)),
  ],
};
