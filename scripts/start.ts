// `npm start`: the whole product on its embedded defaults at http://127.0.0.1:8787 (PORT overrides), with the
// data kept in .data/ (DATA_DIR overrides) between starts. Ctrl-C stops everything it started.
// SKIP_WEB_BUILD=1 serves the web build already in dist/web: `npm test` sets it for the app Playwright starts, right
// after its own Web build stage built the same files.
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed.ts';
import { ROLE_LABELS } from '../common/roles.ts';
import { startApp } from './app.ts';

const port = Number(process.env.PORT ?? 8787);
const dataDir = process.env.DATA_DIR ?? '.data';

console.log(`Starting the local database, building the web app and the Worker (data in ${dataDir}/)...`);
const app = await startApp({
  port,
  dataDir,
  verbose: process.env.VERBOSE === '1',
  build: process.env.SKIP_WEB_BUILD !== '1',
});

console.log(`\nSpa community platform running at ${app.url}`);
console.log(app.seeded ? 'Demo data loaded (first start).' : 'Existing data kept.');
console.log(`Demo accounts (local only), password "${DEMO_PASSWORD}":`);
for (const account of DEMO_ACCOUNTS) console.log(`  ${ROLE_LABELS[account.role].padEnd(16)} ${account.name}`);
console.log('\nPress Ctrl-C to stop.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await app.stop();
    process.exit(0);
  });
}
