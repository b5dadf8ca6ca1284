// Drizzle over libSQL's HTTP client: Turso in production, Turso's own server (sqld, db/sqld.ts) locally.
// Each query or batch is one HTTP round trip (a Hrana pipeline). Every round trip has a deadline
// (DATABASE_DEADLINE_MS): a database that does not answer in time, cannot be reached, answers with a server error
// or stays busy fails the call with `DatabaseUnreachableError`, which every route answers as 503
// (worker/errors.ts). One client serves every request of an isolate, made without a concurrency limit: each call
// then opens its own stream and sends its own fetch from the request that made it. (With the client's default
// limit of 20, a call beyond it waited in the client's queue and was resumed from another request's context,
// which workerd cancels as hung; a client per request avoided that, and cost a few percent of every request's CPU
// to make.) Drizzle is made without the schema's relations (no procedure uses
// `db.query`): extracting them cost more CPU per request than the read itself.
// The queries every request makes are built once per isolate (`builtOnce`, docs/architecture.md, "A request").
import type { BatchItem } from 'drizzle-orm/batch';
import { fillPlaceholders, sql, type Column, type SQL } from 'drizzle-orm';
import type { Client, InValue } from '@libsql/client/web';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import { drizzle } from 'drizzle-orm/libsql/web';
import type { Config } from './env.ts';

export type Database = LibSQLDatabase & { $client: Client };

/**
 * How long a round trip to the database may take. A read is one round trip and a write at most two, and Turso
 * answers in tens of milliseconds from the edge; a database that has not answered in this long is down for the
 * member, who gets "The database is unreachable. Please try again." rather than a page that hangs.
 */
export const DATABASE_DEADLINE_MS = 3000;

/** The database did not answer in time, could not be reached, answered with a server error, or stayed busy. */
export class DatabaseUnreachableError extends Error {
  constructor(cause: unknown) {
    super('The database is unreachable.', { cause });
    this.name = 'DatabaseUnreachableError';
  }
}

/** Whether an error (or one of its causes) is the database being unreachable. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 10; cause = cause.cause, depth++)
    if (cause instanceof DatabaseUnreachableError) return true;
  return false;
}

/**
 * Pauses before a request the database refused as busy is sent again. sqld and Turso answer 429 to a request past
 * their limit of requests at once (sqld's is 128), before running it, so sending it again is safe; the pauses
 * (1.6 s in all, each with jitter, so that the refused do not come back together) end within the deadline.
 */
const BUSY_PAUSES_MS = [25, 50, 100, 200, 400, 800];

/**
 * The libSQL client's fetch, with the deadline, with a request the database refused as busy sent again after a
 * pause, and with every failure to reach the database said as such.
 */
async function fetchWithDeadline(request: Request): Promise<Response> {
  const deadline = AbortSignal.timeout(DATABASE_DEADLINE_MS);
  // The pipeline's body is read once, so that it can be sent again.
  const body = request.body ? await request.arrayBuffer() : null;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(request.url, { method: request.method, headers: request.headers, body, signal: deadline });
    } catch (error) {
      throw new DatabaseUnreachableError(error);
    }
    const busy = response.status === 429;
    if (!busy && response.status < 500) return response;
    await response.body?.cancel();
    const pause = busy ? BUSY_PAUSES_MS[attempt] : undefined;
    if (pause === undefined) throw new DatabaseUnreachableError(new Error(`the database answered ${response.status}`));
    await new Promise((resume) => setTimeout(resume, pause * (0.5 + Math.random())));
  }
}

let shared: { url: string; authToken: string | undefined; db: Database } | undefined;

/** The isolate's database, made on first use (and again only if the configuration names another). */
export function getDatabase(config: Config): Database {
  const url = config.TURSO_DATABASE_URL;
  const authToken = config.TURSO_AUTH_TOKEN;
  if (shared?.url !== url || shared.authToken !== authToken)
    // No limit: 0, which the client's documentation names for that, becomes its default of 20 in its code.
    shared = {
      url,
      authToken,
      db: drizzle({ connection: { url, authToken, concurrency: Infinity, fetch: fetchWithDeadline } }),
    };
  return shared.db;
}

/** What drizzle's batch and a query's `then` use of a query builder (drizzle-orm 0.45's `_prepare`). */
interface PreparedQuery {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch: boolean): unknown;
}

/** Statements for one `db.batch` (one round trip): at least one. */
export type ReadBatch = Readonly<[BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]>;

/**
 * A query whose SQL drizzle builds once per isolate, sent again with each request's values for its placeholders
 * (`sql.placeholder(name)`). Building a SELECT of forty columns (the session lookup) cost more of a request's CPU
 * than sending it. The answer can be awaited or put in a batch like the query builder it stands for.
 */
export function builtOnce<Q extends BatchItem<'sqlite'>>(
  build: (db: Database) => Q,
): (db: Database, values: Record<string, unknown>) => Q {
  let prepared: PreparedQuery | undefined;
  return (db, values) => {
    // Only the SQL text and the row mapping are kept: the database the query is first built on is never used again.
    prepared ??= (build(db) as unknown as { _prepare(): PreparedQuery })._prepare();
    const { sql, params } = prepared.getQuery();
    const query = { sql, params: fillPlaceholders(params, values) };
    const mapResult = prepared.mapResult.bind(prepared);
    const item = {
      _prepare: () => ({ getQuery: () => query, mapResult }),
      then<T, E = never>(resolve?: (rows: unknown) => T, reject?: (error: unknown) => E) {
        return db.$client
          .execute({ sql: query.sql, args: query.params as InValue[] })
          .then((result: unknown) => mapResult(result, true))
          .then(resolve, reject);
      },
    };
    return item as unknown as Q;
  };
}

/** The row a selection of columns maps to in Drizzle: each column's value, or null where it may hold none. */
export type JsonRow<C extends Record<string, Column>> = {
  [K in keyof C]: C[K]['_']['notNull'] extends true ? C[K]['_']['data'] : C[K]['_']['data'] | null;
};

/**
 * Columns of one row as one JSON object that SQLite writes, keyed and valued as Drizzle maps them (booleans as true
 * and false), and parsed when the row is mapped. A hot read of many columns then crosses the libSQL client and
 * Drizzle as one value, where both build an object per column of each row (the session lookup: 42 columns on every
 * signed-in request; a profile's card). Only integer, boolean, real and plain text columns can be written so; any
 * other kind is refused when the query is built.
 */
export function jsonRowOf<C extends Record<string, Column>>(columns: C): SQL<JsonRow<C>> {
  const fields = Object.entries(columns).map(
    ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${jsonValueOf(key, column)}`,
  );
  return sql`json_object(${sql.join(fields, sql`, `)})`.mapWith((text: string) => JSON.parse(text) as JsonRow<C>);
}

/** A column's value as `jsonRowOf` writes it: what Drizzle would map it to, JSON null where it holds none. */
function jsonValueOf(key: string, column: Column): SQL {
  const orNull = (value: SQL) => (column.notNull ? value : sql`iif(${column} is null, null, ${value})`);
  switch (column.columnType) {
    case 'SQLiteInteger':
    case 'SQLiteText':
      return sql`${column}`;
    case 'SQLiteReal':
      // json_object writes a real with 15 significant digits; 17 give back the very same double.
      return orNull(sql`json(printf('%!.17g', ${column}))`);
    case 'SQLiteBoolean':
      return orNull(sql`json(iif(${column}, 'true', 'false'))`);
    default:
      throw new Error(`jsonRowOf: ${key} is a ${column.columnType} column, which JSON cannot carry as Drizzle maps it`);
  }
}

/** A term for LIKE … ESCAPE '\': lower case (names and keys are compared in lower case); \, % and _ are taken literally. */
export function escapeLike(term: string): string {
  return term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `text` holds `term` anywhere, ignoring case as LIKE does (ASCII); true when there is no term. */
export function containsTerm(text: SQL, term: string | undefined): SQL {
  return term ? sql`${text} like ${`%${escapeLike(term)}%`} escape '\\'` : sql`1`;
}
