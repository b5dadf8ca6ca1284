// The leaderboards (ADR 014). Triggers on the recognition tables keep board_totals (points per board, rolling
// window and member) in the same statement as each write; a board is then the first ten rows of the
// (board, window, points desc, member) index, joined to users to leave banned members out: a few dozen rows
// read whatever the size of the history. Rows that have left a rolling window are taken out by the read
// itself, in the same batch (one round trip), from the window's watermark up to its new cutoff; the batch is
// one transaction, so two readers never take the same rows out twice. Per-member figures beside the points
// (distinct clients, therapists appreciated, ...) are counted for the ten shown members only, on covering
// indexes. Ties: more points first, then the earlier member (lower id), every time.
import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { BOARD_CACHE_TTL_SECONDS, BOARD_SIZE, RED_FLAG_COUNTING_DAYS } from '../../common/limits.ts';
import { TIMEFRAME_DAYS, type Board, type Timeframe } from '../../common/recognition.ts';
import type { BoardAnswer, BoardEntry, SummaryAnswer } from '../../common/leaderboard-output.ts';
import type { Database, ReadBatch } from '../db.ts';
import { CACHE_SCOPES, cachedJson, purgeCached } from './edge-cache.ts';
import { spaAverageRating, spaReviewCount } from './spa-rating.ts';
import { DAY_MS, MINUTE_MS } from '../../common/time.ts';
import { notBanned } from './member-sql.ts';

type WindowKey = 'week' | 'month' | 'year' | 'all';
const WINDOW_OF: Record<Timeframe, WindowKey> = { weekly: 'week', monthly: 'month', yearly: 'year', 'all-time': 'all' };

/**
 * Which boards each table feeds and which of its rows count (the same list as the triggers in
 * db/migrations/0007_board-triggers.sql; a removed review stops counting, 0011).
 */
const FEEDS: {
  table: string;
  counted: 'counted = 1' | 'removed_at is null';
  boards: { board: string; member: 'recipient_id' | 'giver_id' | '0' }[];
}[] = [
  {
    table: 'stars',
    counted: 'counted = 1',
    boards: [
      { board: 'spas', member: 'recipient_id' },
      { board: 'star-givers', member: 'giver_id' },
      { board: 'summary:stars', member: '0' },
    ],
  },
  {
    table: 'flowers',
    counted: 'counted = 1',
    boards: [
      { board: 'therapists', member: 'recipient_id' },
      { board: 'flower-givers', member: 'giver_id' },
      { board: 'summary:flowers', member: '0' },
    ],
  },
  {
    table: 'medals',
    counted: 'counted = 1',
    boards: [
      { board: 'clients', member: 'recipient_id' },
      { board: 'medal-givers', member: 'giver_id' },
      { board: 'summary:medals', member: '0' },
    ],
  },
  { table: 'red_flags', counted: 'counted = 1', boards: [{ board: 'problems', member: 'recipient_id' }] },
  { table: 'reviews', counted: 'removed_at is null', boards: [{ board: 'summary:reviews', member: '0' }] },
];

/** The window a board reads: red flags stop counting after a year, so Problem Clients' all-time is its year. */
function windowOf(board: Board | 'summary', timeframe: Timeframe): { key: WindowKey; days: number | null } {
  if (board === 'problems' && timeframe === 'all-time') return { key: 'year', days: RED_FLAG_COUNTING_DAYS };
  return { key: WINDOW_OF[timeframe], days: TIMEFRAME_DAYS[timeframe] };
}

/** Statements that take rows older than the window's cutoff out of its totals and move its watermark. */
function expireStatements(db: Database, key: WindowKey, cutoff: number): BatchItem<'sqlite'>[] {
  const since = sql`(select expired_before from board_watermarks where window = ${key})`;
  const statements: BatchItem<'sqlite'>[] = FEEDS.map((feed) => {
    const parts = feed.boards.map(
      ({ board, member }) =>
        sql`select ${board} as board, ${sql.raw(member)} as member_id from ${sql.raw(feed.table)}
            where created_at >= ${since} and created_at < ${cutoff} and ${sql.raw(feed.counted)}`,
    );
    return db.run(sql`
      insert into board_totals (board, window, member_id, points)
      select k.board, ${key}, k.member_id, -count(*) from (${sql.join(parts, sql` union all `)}) as k
      where true group by k.board, k.member_id
      on conflict (board, window, member_id) do update set points = points + excluded.points`);
  });
  statements.push(
    db.run(
      sql`update board_watermarks set expired_before = ${cutoff} where window = ${key} and expired_before < ${cutoff}`,
    ),
  );
  return statements;
}

/** The per-member figures beside the points, by board (spec, "Entities and their fields": leaderboard entries). */
function figures(board: Board, cutoff: number): SQL {
  const distinct = (column: string, table: string, by: string, extra = sql``) =>
    sql`(select count(distinct r.${sql.raw(column)}) from ${sql.raw(table)} as r
         where r.${sql.raw(by)} = u.id and r.created_at >= ${cutoff} and r.counted = 1${extra})`;
  switch (board) {
    case 'therapists':
      return sql`bt.points as totalFlowersReceived, ${distinct('giver_id', 'flowers', 'recipient_id')} as clientsServed`;
    case 'spas':
      // A client reviews a spa once (reviews_reviewer_target_unique): the distinct clients who rated are the rated
      // reviews, counted on reviews_counted_ratings_idx alone.
      return sql`bt.points as totalStarsReceived,
        (select count(*) from reviews as rv where rv.target_user_id = u.id and rv.created_at >= ${cutoff}
           and rv.ambience_rating is not null and rv.removed_at is null) as clientsWhoRated,
        ${spaAverageRating(sql`u.id`)} as averageRating, ${spaReviewCount(sql`u.id`)} as reviewCount`;
    case 'clients':
      return sql`u.name as userName, bt.points as totalReceived`;
    case 'star-givers':
      return sql`bt.points as totalGiven`;
    case 'flower-givers':
      return sql`bt.points as totalGiven, ${distinct('recipient_id', 'flowers', 'giver_id')} as therapistsAppreciated`;
    case 'medal-givers':
      return sql`bt.points as medalsGiven, ${distinct('recipient_id', 'medals', 'giver_id')} as clientsRewarded`;
    case 'problems':
      return sql`bt.points as totalRedFlags, ${distinct('giver_id', 'red_flags', 'recipient_id')} as flaggedBy`;
  }
}

function boardQuery(db: Database, board: Board, key: WindowKey, cutoff: number) {
  return db.all<Omit<BoardEntry, 'rank'>>(sql`
    select u.id as userId, u.name as name, u.slug as slug, u.profile_pic as profilePic, ${figures(board, cutoff)}
    from board_totals as bt join users as u on u.id = bt.member_id
    where bt.board = ${board} and bt.window = ${key} and bt.points > 0 and ${notBanned('u')}
    order by bt.points desc, bt.member_id
    limit ${BOARD_SIZE}`);
}

/**
 * A window's start, whole minutes only: within a minute every read finds nothing to age out and writes nothing,
 * so it commits no page (a read that moved the watermark every millisecond would make each read a disk write).
 */
function cutoffOf(days: number | null, now: number): number {
  return days === null ? Number.MIN_SAFE_INTEGER : Math.floor((now - days * DAY_MS) / MINUTE_MS) * MINUTE_MS;
}

/**
 * Windows this isolate has already aged up to a cutoff (whole minutes): later reads in the same minute skip the
 * expiry statements, since the shared watermark is at least there. Another isolate ages the window itself.
 */
const agedUntil = new Map<WindowKey, number>();

/** Records that a batch from `boardStatements` committed (its window is aged up to its cutoff). */
/**
 * One round trip's statements over a window, the read last; `rowsOf` takes the read's rows out of the batch's
 * results, and `committed` is called once the batch ran.
 */
export interface BoardBatch<Row> {
  statements: ReadBatch;
  rowsOf: (results: readonly unknown[]) => Row[];
  committed: () => void;
}

/**
 * One batch over a board's (or the summary's) rolling window: the window's expiry (unless done this minute), then
 * `read` of the window, last.
 */
function windowBatch<Row>(
  db: Database,
  board: Board | 'summary',
  timeframe: Timeframe,
  now: number,
  read: (key: WindowKey, cutoff: number) => BatchItem<'sqlite'> & PromiseLike<Row[]>,
): BoardBatch<Row> {
  const { key, days } = windowOf(board, timeframe);
  const cutoff = cutoffOf(days, now);
  const expire = days !== null && agedUntil.get(key) !== cutoff;
  const [first, ...rest] = [...(expire ? expireStatements(db, key, cutoff) : []), read(key, cutoff)];
  return {
    statements: [first!, ...rest],
    // The read is the batch's last statement, and its rows are the `Row[]` it was declared to answer.
    rowsOf: (results) => results.at(-1) as Row[],
    committed: () => {
      if (expire) agedUntil.set(key, cutoff);
    },
  };
}

/** A board's statements for one batch: the window's expiry (unless done this minute), then the board, last. */
export function boardStatements(
  db: Database,
  board: Board,
  timeframe: Timeframe,
  now = Date.now(),
): BoardBatch<Omit<BoardEntry, 'rank'>> {
  return windowBatch(db, board, timeframe, now, (key, cutoff) => boardQuery(db, board, key, cutoff));
}

export function rankEntries(rows: Omit<BoardEntry, 'rank'>[]): BoardEntry[] {
  return rows.map((row, index) => ({ rank: index + 1, ...row }));
}

/** One public board, from the edge cache or one round trip (`database` is only made on a miss). */
export function publicBoard(
  database: () => Database,
  board: Board,
  timeframe: Timeframe,
  waitUntil?: (p: Promise<unknown>) => void,
) {
  return cachedJson<BoardAnswer>(
    CACHE_SCOPES.leaderboards.scope,
    `${board}:${timeframe}`,
    BOARD_CACHE_TTL_SECONDS,
    async () => {
      const db = database();
      const batch = boardStatements(db, board, timeframe);
      const results = await db.batch(batch.statements);
      batch.committed();
      return { board, timeframe, entries: rankEntries(batch.rowsOf(results)) };
    },
    waitUntil,
  );
}

/** The summary card's counts kept as rollups (FEEDS' member-0 boards), by the answer's field. */
const SUMMARY_BOARDS = {
  reviews: 'summary:reviews',
  flowers: 'summary:flowers',
  stars: 'summary:stars',
  medals: 'summary:medals',
} as const;

/**
 * The Summary Statistics card's statements for one batch: the window's expiry (unless done this minute), then the
 * counts, last: members who joined in the window, and the rollups' totals, found by their keys (a `like` on the
 * board name read every rollup row).
 */
export function summaryStatements(
  db: Database,
  timeframe: Timeframe,
  now = Date.now(),
): BoardBatch<{ board: string; points: number }> {
  const boards = sql.join(
    Object.values(SUMMARY_BOARDS).map((board) => sql`${board}`),
    sql`, `,
  );
  return windowBatch(db, 'summary', timeframe, now, (key, cutoff) =>
    db.all<{ board: string; points: number }>(sql`
      select 'members' as board, (select count(*) from users where created_at >= ${cutoff} and ${notBanned()}) as points
      union all select board, points from board_totals where board in (${boards}) and window = ${key} and member_id = 0`),
  );
}

/** The Summary Statistics card: real counts for the window (members who joined in it; the rest from the rollups). */
export function summaryStatistics(
  database: () => Database,
  timeframe: Timeframe,
  waitUntil?: (p: Promise<unknown>) => void,
) {
  return cachedJson<SummaryAnswer>(
    CACHE_SCOPES.leaderboards.scope,
    `summary:${timeframe}`,
    BOARD_CACHE_TTL_SECONDS,
    async () => {
      const db = database();
      const batch = summaryStatements(db, timeframe);
      const results = await db.batch(batch.statements);
      batch.committed();
      const rows = batch.rowsOf(results);
      const value = (board: string) => Number(rows.find((row) => row.board === board)?.points ?? 0);
      return {
        timeframe,
        members: value('members'),
        reviews: value(SUMMARY_BOARDS.reviews),
        flowers: value(SUMMARY_BOARDS.flowers),
        stars: value(SUMMARY_BOARDS.stars),
        medals: value(SUMMARY_BOARDS.medals),
      };
    },
    waitUntil,
  );
}

/** A new recognition or review purges every cached board and summary, so the next read is fresh. */
export function purgeLeaderboards(): Promise<void> {
  return purgeCached(CACHE_SCOPES.leaderboards.scope, CACHE_SCOPES.leaderboards.variants);
}
