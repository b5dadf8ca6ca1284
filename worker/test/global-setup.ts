// Starts Turso's own server (sqld) on a free port with a throw-away database, applies the migrations and hands
// its URL to the Worker under test (as TURSO_DATABASE_URL) and its admin address to the tests (to read the
// round-trip counter).
// Also starts the local stand-ins for Resend's and PayMongo's HTTP APIs (scripts/provider-stand-ins.ts), and two
// databases that fail for the fault tests: one that accepts connections and never answers (a frozen server) and
// an address where nothing listens (a stopped one).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startSqld } from '../../db/sqld.ts';
import { migrateDatabase } from '../../scripts/migrate.ts';
import { startProviderStandIns } from '../../scripts/provider-stand-ins.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseAuthToken: string;
    databaseAdminUrl: string;
    providerStandInUrl: string;
    frozenDatabaseUrl: string;
    stoppedDatabaseUrl: string;
  }
}

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
  return async () => {
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
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('the frozen database has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((closed) => {
        for (const socket of held) socket.destroy();
        server.close(() => closed());
      }),
  };
}
