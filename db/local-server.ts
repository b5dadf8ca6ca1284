// Local stand-in for Turso's sqld: serves the Hrana-over-HTTP protocol (the JSON `v2`/`v3` pipeline
// endpoints that `@libsql/client` and `@libsql/client/web` speak) on top of the embedded `libsql` engine,
// because there is no sqld binary in local development and tests.
//
// It listens on loopback only and is guarded like a database, not like a web page (ADR 007): every request
// needs the random token generated at each start (handed to the Worker as TURSO_AUTH_TOKEN), pipelines must
// be `application/json`, any request with an `Origin` header is refused (no web page can reach it), and only
// loopback `Host` values are answered (no DNS rebinding). The database file is created readable by its owner
// only.
//
// Prepared statements are kept by their SQL text (the Worker sends the same few hundred texts again and again), and
// a SELECT or a transaction statement skips the change counters, which only writes need: a read's pipeline costs
// the engine's own work and little more (issue 21).
//
// Every stream shares ONE connection. A stream that leaves a transaction open "holds" the connection:
// pipelines from other streams queue until the holder commits, rolls back, closes its stream or stays
// silent past the idle timeout (then it is rolled back). So concurrent transactions are serialised, never
// interleaved, and every statement still runs synchronously on the single connection.

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'libsql';

export interface LocalLibsqlServer {
  url: string;
  /** The bearer token every request must carry (`authToken` of `@libsql/client`, TURSO_AUTH_TOKEN of the Worker). */
  authToken: string;
  port: number;
  /** Count of pipeline requests served since start (or since the last `POST /_stats/reset`). */
  pipelinesServed(): number;
  close(): Promise<void>;
}

export interface LocalLibsqlServerOptions {
  file: string;
  /** 0 or undefined picks a free port. */
  port?: number;
  host?: string;
  transactionIdleTimeoutMs?: number;
  /** The token to require; a random one (256 bits) is generated when omitted. */
  authToken?: string;
}

type HranaValue =
  | { type: 'null' }
  | { type: 'integer'; value: string }
  | { type: 'float'; value: number }
  | { type: 'text'; value: string }
  | { type: 'blob'; base64: string };

/** The only JS values ever bound to libsql. Booleans crash the engine, so they must never appear here. */
type SqlValue = null | bigint | number | string | Buffer;

interface HranaErrorBody {
  message: string;
  code: string;
}

interface StmtResult {
  cols: { name: string; decltype: string | null }[];
  rows: HranaValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
}

interface BatchResult {
  step_results: (StmtResult | null)[];
  step_errors: (HranaErrorBody | null)[];
}

type StreamResponse =
  | { type: 'execute'; result: StmtResult }
  | { type: 'batch'; result: BatchResult }
  | { type: 'sequence' | 'store_sql' | 'close_sql' | 'close' }
  | { type: 'get_autocommit'; is_autocommit: boolean };

type StreamResult = { type: 'ok'; response: StreamResponse } | { type: 'error'; error: HranaErrorBody };

interface PipelineResponseBody {
  baton: string | null;
  base_url: null;
  results: StreamResult[];
}

interface Stream {
  baton: string | null;
  closed: boolean;
  sqls: Map<number, string>;
  idleTimer: NodeJS.Timeout | undefined;
}

interface PendingPipeline {
  stream: Stream;
  requests: unknown[];
  resolve(body: PipelineResponseBody): void;
  reject(error: Error): void;
}

/** An error reported to the client inside a pipeline result (the request failed, the stream lives on). */
class HranaError extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

/** An error that fails the whole HTTP request. */
class HttpError extends HranaError {
  readonly status: number;
  constructor(status: number, message: string, code: string) {
    super(message, code);
    this.status = status;
  }
}

const MIN_INTEGER = -(2n ** 63n);
const MAX_INTEGER = 2n ** 63n - 1n;

// Strings, quoted identifiers and comments (skipped), or an anonymous `?` parameter (not `?NNN`).
const SQL_TOKENS = /'(?:[^']|'')*'|"(?:[^"]|"")*"|`(?:[^`]|``)*`|\[[^\]]*\]|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|\?(?!\d)/g;

/** How many prepared statements are kept (least recently used first out). */
const STATEMENT_CACHE_SIZE = 500;
/** Statements that can change no row: a plain SELECT, and transaction control. */
const CHANGES_NOTHING = /^\s*(?:select|begin|commit|end|rollback|savepoint|release)\b/i;
/** Statements after which cached statements may describe a schema that is gone. */
const CHANGES_SCHEMA = /^\s*(?:create|alter|drop)\b/i;

interface Prepared {
  statement: Database.Statement;
  cols: StmtResult['cols'];
  reader: boolean;
  /** Whether the change counters must be read around it (anything that may write). */
  counted: boolean;
}

/** Hrana streams, batons and the transaction queue over a single libsql connection. */
class HranaConnection {
  readonly #db: Database.Database;
  readonly #idleTimeoutMs: number;
  readonly #changes: Database.Statement;
  readonly #statements = new Map<string, Prepared>();
  readonly #streams = new Map<string, Stream>();
  readonly #waiting: PendingPipeline[] = [];
  #holder: Stream | undefined;

  constructor(db: Database.Database, idleTimeoutMs: number) {
    this.#db = db;
    this.#idleTimeoutMs = idleTimeoutMs;
    this.#changes = db.prepare('SELECT total_changes(), changes(), last_insert_rowid()').safeIntegers(true).raw(true);
  }

  /** Runs a pipeline request body once no other stream holds an open transaction. */
  pipeline(body: unknown): Promise<PipelineResponseBody> {
    const { baton, requests } = parsePipelineBody(body);
    const stream = baton === null ? { baton: null, closed: false, sqls: new Map(), idleTimer: undefined } : this.#takeStream(baton);
    return new Promise((resolve, reject) => {
      this.#waiting.push({ stream, requests, resolve, reject });
      this.#drain();
    });
  }

  close(): void {
    for (const stream of this.#streams.values()) clearTimeout(stream.idleTimer);
    this.#streams.clear();
    for (const pending of this.#waiting.splice(0)) {
      pending.reject(new HttpError(503, 'The local libSQL server is shutting down', 'SERVER_SHUTTING_DOWN'));
    }
    if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
    this.#db.close();
  }

  #takeStream(baton: string): Stream {
    const stream = this.#streams.get(baton);
    if (stream === undefined) throw new HttpError(400, 'Unknown or expired baton', 'STREAM_EXPIRED');
    this.#streams.delete(baton);
    clearTimeout(stream.idleTimer);
    return stream;
  }

  /** Runs queued pipelines in arrival order, except that only the holder's pipelines run while it holds. */
  #drain(): void {
    for (;;) {
      const holder = this.#holder;
      const index = holder === undefined ? 0 : this.#waiting.findIndex((pending) => pending.stream === holder);
      const next = index < 0 ? undefined : this.#waiting[index];
      if (next === undefined) return;
      this.#waiting.splice(index, 1);
      this.#run(next);
    }
  }

  #run({ stream, requests, resolve }: PendingPipeline): void {
    const results = requests.map((request) => this.#handle(stream, request));
    this.#holder = this.#db.inTransaction ? stream : undefined;
    if (!stream.closed) {
      stream.baton = randomBytes(18).toString('base64url');
      stream.idleTimer = setTimeout(() => this.#expire(stream), this.#idleTimeoutMs).unref();
      this.#streams.set(stream.baton, stream);
    }
    resolve({ baton: stream.closed ? null : stream.baton, base_url: null, results });
  }

  #expire(stream: Stream): void {
    if (stream.baton !== null) this.#streams.delete(stream.baton);
    stream.closed = true;
    if (this.#holder === stream) {
      this.#db.exec('ROLLBACK');
      this.#holder = undefined;
      this.#drain();
    }
  }

  #handle(stream: Stream, request: unknown): StreamResult {
    try {
      if (stream.closed) throw new HranaError('The stream has already been closed', 'STREAM_CLOSED');
      return { type: 'ok', response: this.#respond(stream, asObject(request, 'request')) };
    } catch (error) {
      return { type: 'error', error: errorBody(error) };
    }
  }

  #respond(stream: Stream, request: Record<string, unknown>): StreamResponse {
    switch (request.type) {
      case 'execute':
        return { type: 'execute', result: this.#execute(stream, asObject(request.stmt, 'stmt')) };
      case 'batch':
        return { type: 'batch', result: this.#batch(stream, asObject(request.batch, 'batch')) };
      case 'sequence':
        this.#statements.clear();
        this.#db.exec(resolveSql(stream, request));
        return { type: 'sequence' };
      case 'store_sql':
        stream.sqls.set(asSqlId(request.sql_id), asString(request.sql, 'sql'));
        return { type: 'store_sql' };
      case 'close_sql':
        stream.sqls.delete(asSqlId(request.sql_id));
        return { type: 'close_sql' };
      case 'get_autocommit':
        return { type: 'get_autocommit', is_autocommit: !this.#db.inTransaction };
      case 'close':
        stream.closed = true;
        if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
        return { type: 'close' };
      default:
        throw new HranaError(`Unsupported request type ${JSON.stringify(request.type)}`, 'HRANA_PROTO_ERROR');
    }
  }

  /** The statement of a SQL text, from the cache or prepared now. */
  #prepare(sql: string): Prepared {
    const cached = this.#statements.get(sql);
    if (cached !== undefined) {
      // Most recently used last: the first key is the one to drop.
      this.#statements.delete(sql);
      this.#statements.set(sql, cached);
      return cached;
    }
    const statement = this.#db.prepare(sql).safeIntegers(true);
    const reader = statement.reader;
    if (reader) statement.raw(true);
    const prepared = {
      statement,
      cols: statement.columns().map((column) => ({ name: column.name, decltype: column.type })),
      reader,
      counted: !CHANGES_NOTHING.test(sql),
    };
    if (CHANGES_SCHEMA.test(sql)) {
      this.#statements.clear();
      return prepared;
    }
    this.#statements.set(sql, prepared);
    if (this.#statements.size > STATEMENT_CACHE_SIZE) this.#statements.delete(this.#statements.keys().next().value!);
    return prepared;
  }

  #execute(stream: Stream, stmt: Record<string, unknown>): StmtResult {
    const sql = resolveSql(stream, stmt);
    const params = bindParameters(sql, stmt);
    const { statement, cols, reader, counted } = this.#prepare(sql);
    const [totalBefore] = counted ? this.#changeCounters() : [];
    let rows: HranaValue[][] = [];
    if (reader) {
      const values = statement.all(params) as unknown[][];
      if (stmt.want_rows !== false) rows = values.map((row) => row.map(encodeValue));
    } else {
      statement.run(params);
    }
    if (!counted) return { cols, rows, affected_row_count: 0, last_insert_rowid: null };
    const [totalAfter, changes, lastInsertRowid] = this.#changeCounters();
    const changed = totalAfter !== totalBefore;
    return {
      cols,
      rows,
      affected_row_count: changed ? Number(changes) : 0,
      last_insert_rowid: changed ? String(lastInsertRowid) : null,
    };
  }

  #changeCounters(): bigint[] {
    return (this.#changes.all() as bigint[][])[0] ?? [];
  }

  #batch(stream: Stream, batch: Record<string, unknown>): BatchResult {
    const result: BatchResult = { step_results: [], step_errors: [] };
    for (const rawStep of asArray(batch.steps, 'steps')) {
      const step = asObject(rawStep, 'step');
      if (step.condition != null && !this.#condition(step.condition, result)) {
        result.step_results.push(null);
        result.step_errors.push(null);
        continue;
      }
      try {
        result.step_results.push(this.#execute(stream, asObject(step.stmt, 'stmt')));
        result.step_errors.push(null);
      } catch (error) {
        result.step_results.push(null);
        result.step_errors.push(errorBody(error));
      }
    }
    return result;
  }

  #condition(raw: unknown, result: BatchResult): boolean {
    const cond = asObject(raw, 'condition');
    switch (cond.type) {
      case 'ok':
        return result.step_results[asStepIndex(cond.step, result)] != null;
      case 'error':
        return result.step_errors[asStepIndex(cond.step, result)] != null;
      case 'not':
        return !this.#condition(cond.cond, result);
      case 'and':
        return asArray(cond.conds, 'conds').every((c) => this.#condition(c, result));
      case 'or':
        return asArray(cond.conds, 'conds').some((c) => this.#condition(c, result));
      case 'is_autocommit':
        return !this.#db.inTransaction;
      default:
        throw new HranaError(`Unsupported batch condition ${JSON.stringify(cond.type)}`, 'HRANA_PROTO_ERROR');
    }
  }
}

function parsePipelineBody(body: unknown): { baton: string | null; requests: unknown[] } {
  if (typeof body !== 'object' || body === null || !('requests' in body) || !Array.isArray(body.requests)) {
    throw new HttpError(400, 'A pipeline body must be an object with a "requests" array', 'HRANA_PROTO_ERROR');
  }
  const baton = 'baton' in body ? body.baton : null;
  if (baton !== null && baton !== undefined && typeof baton !== 'string') {
    throw new HttpError(400, 'The baton must be a string or null', 'HRANA_PROTO_ERROR');
  }
  return { baton: baton ?? null, requests: body.requests };
}

/** A statement or `sequence` request carries either its `sql` text or the `sql_id` of a stored text. */
function resolveSql(stream: Stream, source: Record<string, unknown>): string {
  if (source.sql != null) return asString(source.sql, 'sql');
  const sql = stream.sqls.get(asSqlId(source.sql_id));
  if (sql === undefined) throw new HranaError(`No SQL text is stored under sql_id ${String(source.sql_id)}`, 'SQL_NOT_FOUND');
  return sql;
}

/** Positional args bind as an array; named args bind as an object keyed by the name without its prefix. */
function bindParameters(sql: string, stmt: Record<string, unknown>): SqlValue[] | Record<string, SqlValue> {
  const args = asArray(stmt.args ?? [], 'args').map(decodeValue);
  const namedArgs = asArray(stmt.named_args ?? [], 'named_args');
  if (namedArgs.length === 0) return args;
  if (args.length > 0) {
    throw new HranaError('Mixing positional and named arguments is not supported by the local server', 'ARGS_INVALID');
  }
  // libsql aborts the whole process when it binds an object to a statement with an anonymous `?`.
  if ([...sql.matchAll(SQL_TOKENS)].some(([token]) => token === '?')) {
    throw new HranaError('Named arguments cannot bind the anonymous "?" parameters of this statement', 'ARGS_INVALID');
  }
  const named: Record<string, SqlValue> = {};
  for (const raw of namedArgs) {
    const arg = asObject(raw, 'named argument');
    named[asString(arg.name, 'name').replace(/^[:@$?]/, '')] = decodeValue(arg.value);
  }
  return named;
}

function decodeValue(raw: unknown): SqlValue {
  const value = asObject(raw, 'value');
  switch (value.type) {
    case 'null':
      return null;
    case 'integer': {
      const digits = asString(value.value, 'integer value');
      const integer = /^-?\d+$/.test(digits) ? BigInt(digits) : undefined;
      if (integer === undefined || integer < MIN_INTEGER || integer > MAX_INTEGER) {
        throw new HranaError(`Invalid 64-bit integer ${JSON.stringify(digits)}`, 'HRANA_PROTO_ERROR');
      }
      return integer;
    }
    case 'float':
      if (typeof value.value !== 'number') throw new HranaError('A float value must be a number', 'HRANA_PROTO_ERROR');
      return value.value;
    case 'text':
      return asString(value.value, 'text value');
    case 'blob':
      return Buffer.from(asString(value.base64, 'blob base64'), 'base64');
    default:
      throw new HranaError(`Unsupported value type ${JSON.stringify(value.type)}`, 'HRANA_PROTO_ERROR');
  }
}

function encodeValue(value: unknown): HranaValue {
  if (value === null) return { type: 'null' };
  if (typeof value === 'bigint') return { type: 'integer', value: String(value) };
  if (typeof value === 'number') return { type: 'float', value };
  if (typeof value === 'string') return { type: 'text', value };
  if (value instanceof Uint8Array) return { type: 'blob', base64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  throw new HranaError(`libsql returned an unsupported value of type ${typeof value}`, 'INTERNAL_ERROR');
}

function errorBody(error: unknown): HranaErrorBody {
  const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : 'UNKNOWN';
  return { message: error instanceof Error ? error.message : String(error), code };
}

function asObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HranaError(`Expected ${what} to be an object`, 'HRANA_PROTO_ERROR');
  }
  return value as Record<string, unknown>;
}

function asArray(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new HranaError(`Expected ${what} to be an array`, 'HRANA_PROTO_ERROR');
  return value;
}

function asString(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new HranaError(`Expected ${what} to be a string`, 'HRANA_PROTO_ERROR');
  return value;
}

function asSqlId(value: unknown): number {
  if (!Number.isInteger(value)) throw new HranaError('Expected sql_id to be an integer', 'HRANA_PROTO_ERROR');
  return value as number;
}

function asStepIndex(value: unknown, result: BatchResult): number {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) >= result.step_results.length) {
    throw new HranaError(`A batch condition refers to step ${String(value)}, which has not run yet`, 'HRANA_PROTO_ERROR');
  }
  return value as number;
}

function openDatabase(file: string): Database.Database {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  // Created (or tightened) before the engine opens it: members' data is readable by its owner only.
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  const db = new Database(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;');
  return db;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON', 'HRANA_PROTO_ERROR');
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  // The client parses error bodies only when the content type is exactly `application/json`.
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The hostname of a Host header (`127.0.0.1:8080`, `[::1]:8080`), lower-cased, without its port. */
function hostnameOf(hostHeader: string | undefined): string {
  const match = /^(\[[^\]]*\]|[^:]*)(?::\d+)?$/.exec((hostHeader ?? '').trim().toLowerCase());
  return match?.[1] ?? '';
}

function hasToken(req: IncomingMessage, expected: Buffer): boolean {
  const header = req.headers.authorization ?? '';
  const presented = Buffer.from(header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '');
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/** Refuses what a database must never answer: web pages, rebound host names, requests without the token. */
function guard(req: IncomingMessage, token: Buffer): void {
  if (!LOOPBACK_HOSTS.has(hostnameOf(req.headers.host))) throw new HttpError(421, 'This server answers loopback host names only', 'MISDIRECTED');
  if (req.headers.origin !== undefined) throw new HttpError(403, 'Requests from web pages are refused', 'FORBIDDEN');
  if (!hasToken(req, token)) throw new HttpError(401, 'A valid bearer token is required', 'UNAUTHORIZED');
}

function requireJson(req: IncomingMessage): void {
  if ((req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() !== 'application/json')
    throw new HttpError(415, 'Pipelines must be sent as application/json', 'UNSUPPORTED_MEDIA_TYPE');
}

export async function startLocalLibsqlServer(options: LocalLibsqlServerOptions): Promise<LocalLibsqlServer> {
  const host = options.host ?? '127.0.0.1';
  if (!['127.0.0.1', '::1', 'localhost'].includes(host)) throw new Error('The local libSQL server listens on loopback only.');
  const authToken = options.authToken ?? randomBytes(32).toString('base64url');
  const expectedToken = Buffer.from(authToken);
  const connection = new HranaConnection(openDatabase(options.file), options.transactionIdleTimeoutMs ?? 5000);
  let pipelines = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const route = `${req.method} ${path}`;
    guard(req, expectedToken);
    if (route === 'POST /v2/pipeline' || route === 'POST /v3/pipeline') {
      requireJson(req);
      pipelines += 1;
      sendJson(res, 200, await connection.pipeline(await readJson(req)));
    } else if (route === 'GET /v2' || route === 'GET /v3' || route === 'GET /health') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    } else if (route === 'GET /_stats') {
      sendJson(res, 200, { pipelines });
    } else if (route === 'POST /_stats/reset') {
      pipelines = 0;
      sendJson(res, 200, { pipelines });
    } else {
      sendJson(res, 404, { message: `No route for ${route}`, code: 'NOT_FOUND' });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return;
      const status = error instanceof HttpError ? error.status : 500;
      sendJson(res, status, errorBody(error));
    });
  });
  // Node closes an idle keep-alive connection after 5 s; a client that sends on it at that moment (workerd
  // reuses its pooled connections) gets "Network connection lost". The server keeps idle connections far longer
  // than any client does, so it is never the side that closes one under a request.
  server.keepAliveTimeout = 10 * 60_000;
  server.headersTimeout = server.keepAliveTimeout + 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 0);

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    authToken,
    port,
    pipelinesServed: () => pipelines,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      connection.close();
      await closed;
    },
  };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      file: { type: 'string' },
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      token: { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (values.file === undefined || !Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('usage: node db/local-server.ts --file PATH [--port 8080] [--host 127.0.0.1] [--token TOKEN]');
    process.exit(2);
  }
  const server = await startLocalLibsqlServer({ file: values.file, port, host: values.host, authToken: values.token });
  console.log(`libsql server listening on ${server.url} (token ${server.authToken})`);
  const stop = () => void server.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
