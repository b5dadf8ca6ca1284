// Starts Turso's own server (sqld) on a free port with a throw-away database, applies the migrations and hands
// its URL to the Worker under test (as TURSO_DATABASE_URL) and its admin address to the tests (to read the
// round-trip counter).
// Also starts the local stand-ins for Resend's and PayMongo's HTTP APIs (scripts/provider-stand-ins.ts), and the
// databases that fail for the fault tests: one that accepts connections and never answers (a frozen server), an
// address where nothing listens (a stopped one), one that refuses every request as busy (429, as sqld answers past
// its limit of requests at once) and one that refuses every other request so and passes the rest to sqld.
import { mkdtempSync, rmSync } from 'node:fs';
import {
  createServer as createHttpServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startSqld } from '../../db/sqld.ts';
import { migrateDatabase } from '../../scripts/migrate.ts';
import { startProviderStandIns } from '../../scripts/provider-stand-ins.ts';

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'spa-worker-tests-'));
  const server = await startSqld({ dataDir: dir });
  await migrateDatabase(server.url, server.authToken);
  project.provide('databaseUrl', server.url);
  project.provide('databaseAuthToken', server.authToken);
  project.provide('databaseAdminUrl', server.adminUrl);
  const standIns = await startProviderStandIns();
  project.provide('providerStandInUrl', standIns.url);
  const frozen = await startFrozenDatabase();
  project.provide('frozenDatabaseUrl', frozen.url);
  project.provide('stoppedDatabaseUrl', `http://127.0.0.1:${await freePort()}`);
  const busy = await startBusyDatabase(() => true, server.url);
  project.provide('busyDatabaseUrl', busy.url);
  let requests = 0;
  const sometimesBusy = await startBusyDatabase(() => requests++ % 2 === 0, server.url);
  project.provide('sometimesBusyDatabaseUrl', sometimesBusy.url);
  return async () => {
    await Promise.all([busy.close(), sometimesBusy.close()]);
    await frozen.close();
    await standIns.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
}

/** A database server that has stopped answering: it accepts every connection and reads it, and never says a word. */
async function startFrozenDatabase(): Promise<{ url: string; close(): Promise<void> }> {
  const held = new Set<Socket>();
  const server = createServer((socket) => {
    held.add(socket);
    socket.on('data', () => {});
    socket.on('close', () => held.delete(socket));
  });
  const url = await listen(server);
  return {
    url,
    close: () =>
      new Promise((closed) => {
        for (const socket of held) socket.destroy();
        server.close(() => closed());
      }),
  };
}

/**
 * A database that refuses a request as busy when `refuses()` says so (429, as sqld answers past its limit of
 * requests at once) and passes the others to the real one at `target`.
 */
async function startBusyDatabase(
  refuses: () => boolean,
  target: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createHttpServer((incoming: IncomingMessage, answer: ServerResponse) => {
    if (refuses()) {
      incoming.resume();
      answer.writeHead(429, { 'Content-Type': 'text/plain' }).end('Too many concurrent requests');
      return;
    }
    const onward = httpRequest(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers: incoming.headers },
      (reply) => {
        answer.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(answer);
      },
    );
    incoming.pipe(onward);
  });
  const url = await listen(server);
  return { url, close: () => new Promise((closed) => server.close(() => closed())) };
}

/** Listens on a free loopback port; answers the server's address. */
async function listen(server: Server): Promise<string> {
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('a stand-in database has no port');
  return `http://127.0.0.1:${address.port}`;
}
