// `npm run test:unit`, `test:worker`, `test:sdk` and `test:e2e`: one kind of test, or one file of it
// (`npm run test:worker -- worker/test/reviews.test.ts`, `npm run test:e2e -- e2e/chat.spec.ts`). `npm test` stays
// the whole check (scripts/test.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWeb, freePort } from './app.ts';

const [kind, ...files] = process.argv.slice(3);
const vitestProjects: Record<string, string> = {
  unit: 'unit',
  worker: 'workers',
  production: 'production',
  sdk: 'sdk-package',
};

function runStatus(args: string[], env: Record<string, string> = {}): number {
  return spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

function run(args: string[], env: Record<string, string> = {}): never {
  process.exit(runStatus(args, env));
}

if (kind === 'e2e') {
  // The journeys run against the app as `npm start` serves it; the web build is made once for its apps.
  await buildWeb();
  const ports = [await freePort()];
  if (files.length === 0) ports.push(await freePort());
  // Throw-away data, as `npm test` gives the journeys: a journey may count on the demo data as it is first loaded.
  const dataDir = mkdtempSync(join(tmpdir(), 'spa-e2e-'));
  const exit = runStatus(['node_modules/@playwright/test/cli.js', 'test', ...files], {
    E2E_PORTS: ports.join(','),
    E2E_DATA_DIR: dataDir,
    SKIP_WEB_BUILD: '1',
  });
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(exit);
} else if (kind && vitestProjects[kind]) {
  // The production and SDK stages serve the web build.
  if (kind === 'production' || kind === 'sdk') await buildWeb();
  run(['node_modules/vitest/vitest.mjs', 'run', `--project=${vitestProjects[kind]}`, ...files]);
} else {
  console.error(`Unknown kind of test "${kind ?? ''}": one of ${[...Object.keys(vitestProjects), 'e2e'].join(', ')}.`);
  process.exit(2);
}
