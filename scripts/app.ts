// Runs the whole product locally the way `npm start` does: Turso's own server (sqld) on a data folder,
// migrations, the demo data on first start, the web build and `wrangler dev`. The Playwright journeys and the
// benchmarks start it the same way on a free port with a throw-away data folder. `startWranglerDev` is the one
// way `wrangler dev` is spawned, for the app and for the chat benchmark's bare relay Worker alike.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { createClient } from '@libsql/client';
import { freePort, startSqld, type SqldServer } from '../db/sqld.ts';
import { seedDemoData } from '../db/seed.ts';
import { migrateDatabase } from './migrate.ts';

export interface AppOptions {
  port: number;
  dataDir: string;
  seed?: boolean;
  build?: boolean;
  /** Print wrangler's own output (start) or keep it quiet (tests, benchmarks). */
  verbose?: boolean;
  /** More Worker variables and secrets (the benchmarks point providers at local stand-ins). */
  vars?: Record<string, string>;
  secrets?: Record<string, string>;
}

export interface RunningApp {
  url: string;
  databaseUrl: string;
  /** The database server's token for this run (the Worker has it as TURSO_AUTH_TOKEN). */
  databaseAuthToken: string;
  database: SqldServer;
  seeded: boolean;
  /** The wrangler process; workerd runs beneath it. */
  pid: number;
  /** wrangler's inspector for the Worker's isolate (bench/workerd-heap.ts). */
  inspectorPort: number;
  stop(): Promise<void>;
}

const root = resolve(import.meta.dirname, '..');

export { freePort };

function run(command: string, args: string[], quiet: boolean): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: quiet ? 'pipe' : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolveRun() : reject(new Error(`${command} ${args.join(' ')} failed:\n${output}`)),
    );
  });
}

export function buildWeb(quiet = true): Promise<void> {
  return run(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', quiet ? 'warn' : 'info'],
    quiet,
  );
}

async function waitForReady(url: string, wrangler: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (wrangler.exitCode !== null) throw new Error(`wrangler dev exited with code ${wrangler.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export interface WranglerDevOptions {
  port: number;
  /** Local state: Durable Object storage, rate limiter simulation. */
  persistTo: string;
  /** A wrangler.toml other than the app's (the chat benchmark's bare relay). */
  config?: string;
  vars?: Record<string, string>;
  /** Secret variables: written to a file only its owner can read and passed with --env-file, never on the command line. */
  secrets?: Record<string, string>;
  /** A path that answers 2xx once the Worker is up. */
  readyPath: string;
  verbose?: boolean;
}

export interface WranglerDev {
  url: string;
  /** The wrangler process; workerd runs beneath it. */
  pid: number;
  /** wrangler's inspector for the Worker's isolate (bench/workerd-heap.ts). */
  inspectorPort: number;
  stop(): Promise<void>;
}

/** How much of a quiet wrangler's stderr is kept for the error when it does not come up. */
const WRANGLER_SAID_CHARS = 4000;

/** `wrangler dev` on 127.0.0.1 without metrics or network look-ups; resolves once `readyPath` answers. */
export async function startWranglerDev(options: WranglerDevOptions): Promise<WranglerDev> {
  const secretsFile = join(options.persistTo, 'secrets.env');
  if (options.secrets) {
    mkdirSync(options.persistTo, { recursive: true, mode: 0o700 });
    writeFileSync(
      secretsFile,
      Object.entries(options.secrets)
        .map(([name, value]) => `${name}=${value}\n`)
        .join(''),
      { mode: 0o600 },
    );
  }
  const inspectorPort = await freePort();
  const wrangler = spawn(
    process.execPath,
    [
      join(root, 'node_modules/wrangler/bin/wrangler.js'),
      'dev',
      ...(options.config ? ['--config', options.config] : []),
      '--ip',
      '127.0.0.1',
      '--port',
      String(options.port),
      '--inspector-port',
      String(inspectorPort),
      '--persist-to',
      options.persistTo,
      ...Object.entries(options.vars ?? {}).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
      ...(options.secrets ? ['--env-file', secretsFile] : []),
      '--show-interactive-dev-session=false',
      '--log-level',
      options.verbose ? 'info' : 'error',
    ],
    {
      cwd: root,
      stdio: options.verbose ? 'inherit' : ['ignore', 'ignore', 'pipe'],
      // X_LOCAL_OBSERVABILITY: wrangler's Local Explorer traces. On by default since its 2026 releases, they stream
      // every request's spans to a tail worker that writes them to SQLite (an fsync a request): a third of workerd's
      // CPU for a read here (ADR 013). Off unless asked for.
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        NO_COLOR: '1',
        X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? 'false',
      },
    },
  );
  // Quiet runs keep only the end of what wrangler says, for the error when it does not come up.
  let said = '';
  wrangler.stderr?.on('data', (chunk) => (said = (said + chunk).slice(-WRANGLER_SAID_CHARS)));
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (wrangler.exitCode === null) {
      const exited = new Promise((done) => wrangler.once('exit', done));
      wrangler.kill('SIGTERM');
      const timer = setTimeout(() => wrangler.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  try {
    await waitForReady(`${url}${options.readyPath}`, wrangler);
  } catch (error) {
    await stop();
    const lastWords = stripVTControlCharacters(said).trim();
    throw new Error(`${(error as Error).message}${lastWords ? `; the end of what it said:\n${lastWords}` : ''}`, {
      cause: error,
    });
  }
  return { url, pid: wrangler.pid!, inspectorPort, stop };
}

export async function startApp(options: AppOptions): Promise<RunningApp> {
  const dataDir = resolve(root, options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  // A data folder of the project's earlier local server keeps its data: its file becomes sqld's database.
  const database = await startSqld({ dataDir, adoptFile: join(dataDir, 'app.db') });
  try {
    await migrateDatabase(database.url, database.authToken);
    let seeded = false;
    if (options.seed !== false) {
      const client = createClient({ url: database.url, authToken: database.authToken });
      try {
        seeded = (await seedDemoData(client)).seeded;
      } finally {
        client.close();
      }
    }
    if (options.build !== false) await buildWeb(!options.verbose);

    const worker = await startWranglerDev({
      port: options.port,
      persistTo: join(dataDir, 'wrangler'),
      // Local runs say "development" explicitly: a plain deploy is production and refuses development defaults.
      vars: {
        ENVIRONMENT: 'development',
        TURSO_DATABASE_URL: database.url,
        APP_URL: `http://127.0.0.1:${options.port}`,
        ...options.vars,
      },
      secrets: { TURSO_AUTH_TOKEN: database.authToken, ...options.secrets },
      readyPath: '/api/health',
      verbose: options.verbose,
    });
    const stop = async () => {
      await worker.stop();
      await database.close();
    };
    return {
      url: worker.url,
      pid: worker.pid,
      inspectorPort: worker.inspectorPort,
      databaseUrl: database.url,
      databaseAuthToken: database.authToken,
      database,
      seeded,
      stop,
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
