// `npm run test:unit`, `test:worker`, `test:sdk` and `test:e2e`: one kind of test, or one file of it
// (`npm run test:worker -- worker/test/reviews.test.ts`, `npm run test:e2e -- e2e/chat.spec.ts`). `npm test` stays
// the whole check (scripts/test.ts).
import { spawnSync } from 'node:child_process';
import { buildWeb, freePort } from './app.ts';

const [kind, ...files] = process.argv.slice(3);
const vitestProjects: Record<string, string> = {
  unit: 'unit',
  worker: 'workers',
  production: 'production',
  sdk: 'sdk-package',
};

function run(args: string[], env: Record<string, string> = {}): never {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  process.exit(result.status ?? 1);
}

if (kind === 'e2e') {
  // The journeys run against the app as `npm start` serves it; the web build is made once for its apps.
  await buildWeb();
  const ports = [await freePort()];
  if (files.length === 0) ports.push(await freePort());
  run(['node_modules/@playwright/test/cli.js', 'test', ...files], { E2E_PORTS: ports.join(','), SKIP_WEB_BUILD: '1' });
} else if (kind && vitestProjects[kind]) {
  // The production and SDK stages serve the web build.
  if (kind === 'production' || kind === 'sdk') await buildWeb();
  run(['node_modules/vitest/vitest.mjs', 'run', `--project=${vitestProjects[kind]}`, ...files]);
} else {
  console.error(`Unknown kind of test "${kind ?? ''}": one of ${[...Object.keys(vitestProjects), 'e2e'].join(', ')}.`);
  process.exit(2);
}
