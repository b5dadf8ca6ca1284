// `npm test`: everything, in order: type check, web build, unit + libSQL conformance + workerd tests (vitest),
// every benchmark once at a tiny size (scripts/bench-smoke.ts: one that crashes is a failed test, figures never
// fail anything), then the Playwright journeys in Chromium against the app served as `npm start` serves it (free port,
// throw-away data). Ends with one line: "N passed, N failed".
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWeb, freePort } from './app.ts';
import { smokeBenchmarks } from './bench-smoke.ts';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const reports = mkdtempSync(join(tmpdir(), 'spa-test-reports-'));

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

function readJson(file: string): any {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

console.log('\n== Type check ==');
const typecheck = await run('node_modules/.bin/tsc', ['-p', 'tsconfig.json']);
if (typecheck === 0) total.passed += 1;
else total.failed += 1;

console.log('\n== Web build ==');
try {
  await buildWeb(false);
  total.passed += 1;
} catch (error) {
  console.error(error);
  total.failed += 1;
}

console.log('\n== Vitest: unit, local libSQL server conformance, Worker and Durable Object tests in workerd ==');
const vitestReport = join(reports, 'vitest.json');
const vitestExit = await run(process.execPath, [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  total.passed += vitest.numPassedTests;
  total.failed += vitest.numFailedTests;
  total.skipped += vitest.numPendingTests + vitest.numTodoTests;
  if (vitestExit !== 0 && vitest.numFailedTests === 0) total.failed += 1; // a file that failed to load
} else total.failed += 1;

console.log('\n== Benchmarks, once each at a tiny size (each must run to the end; figures are not checked) ==');
const benchmarks = await smokeBenchmarks();
total.passed += benchmarks.passed;
total.failed += benchmarks.failed;

console.log('\n== Playwright journeys in Chromium ==');
const e2eData = join(process.cwd(), '.e2e-data');
rmSync(e2eData, { recursive: true, force: true });
const playwrightReport = join(reports, 'playwright.json');
const playwrightExit = await run(
  process.execPath,
  ['node_modules/@playwright/test/cli.js', 'test', '--reporter=list,json'],
  { E2E_PORT: String(await freePort()), E2E_DATA_DIR: e2eData, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
);
const playwright = readJson(playwrightReport);
if (playwright?.stats) {
  total.passed += playwright.stats.expected + playwright.stats.flaky;
  total.failed += playwright.stats.unexpected;
  total.skipped += playwright.stats.skipped;
  if (playwrightExit !== 0 && playwright.stats.unexpected === 0) total.failed += 1;
} else total.failed += 1;
rmSync(e2eData, { recursive: true, force: true });
rmSync(reports, { recursive: true, force: true });

console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed === 0 ? 0 : 1);
