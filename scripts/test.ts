// `npm test`: everything, in order: type check, lint (the layers), Prettier, knip (nothing unused), web build, unit +
// workerd tests on sqld (vitest, two shards side by side), the production configuration's first hour (vitest,
// scripts/production), the SDK from its packed package (vitest, scripts/sdk-package), every benchmark once at a tiny
// size (scripts/bench-smoke.ts: one that crashes is a failed test, figures never fail anything), then the Playwright
// journeys in Chromium against the app served as `npm start` serves it (free port, throw-away data, one app per
// Playwright worker). Ends with each stage's time, the journeys that passed only on their retry, every test that
// failed with the first line of its error (so the end of a long log says what failed), and one line: "N passed, N failed".
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { buildWeb, freePort } from './app.ts';
import { smokeBenchmarks } from './bench-smoke.ts';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
/** What failed, a line each, repeated at the very end of the output. */
const failures: string[] = [];
/** The first line of an error that says something, cut to one screen line. */
const firstLine = (text: string | undefined) =>
  stripVTControlCharacters(text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.length > 0)
    ?.slice(0, 300) ?? '';
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

const stageTimes: [string, number][] = [];

/** Runs one stage, noting its wall time for the summary. */
async function stage<T>(title: string, work: () => Promise<T>): Promise<T> {
  console.log(`\n== ${title} ==`);
  const started = performance.now();
  try {
    return await work();
  } finally {
    stageTimes.push([title.split(':')[0]!, performance.now() - started]);
  }
}

/** A stage that is one command: one passed or one failed test. */
async function commandStage(title: string, command: string, args: string[]): Promise<void> {
  const exit = await stage(title, () => run(command, args));
  if (exit === 0) total.passed += 1;
  else {
    total.failed += 1;
    failures.push(`${title.split(':')[0]} (exit code ${exit})`);
  }
}

await commandStage('Type check: every project (tsc -b) and the generated Env', process.execPath, [
  'scripts/typecheck.ts',
]);
await commandStage('Lint: the layers and the rules of hooks', process.execPath, [
  'node_modules/eslint/bin/eslint.js',
  '.',
]);
await commandStage('Prettier: the code is formatted (npm run format)', process.execPath, [
  'node_modules/prettier/bin/prettier.cjs',
  '--check',
  '--log-level',
  'warn',
  '.',
]);
await commandStage('Knip: no unused file, export or dependency', process.execPath, [
  'node_modules/knip/bin/knip.js',
  '--no-progress',
]);

let webBuilt = false;
await stage('Web build', async () => {
  try {
    await buildWeb(false);
    webBuilt = true;
    total.passed += 1;
  } catch (error) {
    console.error(error);
    total.failed += 1;
    failures.push(`Web build: ${firstLine(String(error))}`);
  }
});

// Vitest in two shards side by side, one per core: each is a process of its own with its own sqld
// (worker/test/global-setup.ts), and within each the workerd files run one after another, so a test's count of
// database round trips stays exact (vitest.config.ts). One process left a core idle: about 155 s against 100 s.
const VITEST_SHARDS = Math.max(1, Math.min(2, availableParallelism()));
const vitestExits = await stage('Vitest: unit, and the Worker and Durable Object tests in workerd, on sqld', () =>
  Promise.all(
    Array.from({ length: VITEST_SHARDS }, (_, index) =>
      run(process.execPath, [
        'node_modules/vitest/vitest.mjs',
        'run',
        '--project=unit',
        '--project=workers',
        `--shard=${index + 1}/${VITEST_SHARDS}`,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${join(reports, `vitest-${index + 1}.json`)}`,
      ]),
    ),
  ),
);
interface VitestFileReport {
  name: string;
  status: string;
  message?: string;
  assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
}
/** Adds a Vitest run's JSON report to the tally; a run that left no report, or failed without a failed test, fails once. */
function countVitest(exit: number, report: string) {
  const vitest = readJson(report);
  if (!vitest) {
    total.failed += 1;
    failures.push(`Vitest left no report at ${report} (exit code ${exit})`);
    return;
  }
  total.passed += vitest.numPassedTests;
  total.failed += vitest.numFailedTests;
  total.skipped += vitest.numPendingTests + vitest.numTodoTests;
  for (const file of (vitest.testResults ?? []) as VitestFileReport[]) {
    const path = file.name.startsWith(process.cwd()) ? file.name.slice(process.cwd().length + 1) : file.name;
    for (const test of file.assertionResults)
      if (test.status === 'failed')
        failures.push(`${path} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'))
      failures.push(`${path}: ${firstLine(file.message)}`);
  }
  if (exit !== 0 && vitest.numFailedTests === 0) total.failed += 1; // a file that failed to load
}
vitestExits.forEach((exit, index) => countVitest(exit, join(reports, `vitest-${index + 1}.json`)));

// The production configuration (scripts/production): `wrangler dev` as the deploy steps leave it, on sqld, serving
// the web build made above, and a member's first hour through it.
const productionReport = join(reports, 'vitest-production.json');
const productionExit = await stage('Production configuration: a first hour on wrangler.toml as deployed, on sqld', () =>
  run(process.execPath, [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project=production',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${productionReport}`,
  ]),
);
countVitest(productionExit, productionReport);

// The SDK as an outside developer meets it (scripts/sdk-package): packed, installed into a fresh project, type-checked
// with `tsc --init`'s settings and run against the app.
const sdkReport = join(reports, 'vitest-sdk-package.json');
const sdkExit = await stage('SDK package: packed, installed outside the repo, type-checked and run', () =>
  run(process.execPath, [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project=sdk-package',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${sdkReport}`,
  ]),
);
countVitest(sdkExit, sdkReport);

const benchmarks = await stage(
  'Benchmarks: once each at a tiny size (each must run to the end; figures are not checked)',
  smokeBenchmarks,
);
total.passed += benchmarks.passed;
total.failed += benchmarks.failed.length;
failures.push(...benchmarks.failed.map((entry) => `Benchmark ${entry} did not run to the end`));

const e2eData = join(process.cwd(), '.e2e-data');
rmSync(e2eData, { recursive: true, force: true });
const playwrightReport = join(reports, 'playwright.json');
// One app per Playwright worker (e2e/fixtures.ts): two on this 2-core machine, E2E_APPS to change it.
const e2ePorts: number[] = [];
while (e2ePorts.length < Math.max(1, Number(process.env.E2E_APPS ?? 2))) {
  const port = await freePort();
  if (!e2ePorts.includes(port)) e2ePorts.push(port);
}
const playwrightExit = await stage('Playwright journeys in Chromium', () =>
  run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '--reporter=list,json'], {
    E2E_PORTS: e2ePorts.join(','),
    E2E_DATA_DIR: e2eData,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    // The app Playwright starts (`npm start`) serves the build made above instead of building it again.
    ...(webBuilt ? { SKIP_WEB_BUILD: '1' } : {}),
  }),
);
const playwright = readJson(playwrightReport);
/** Journeys that failed once and passed on their retry (playwright.config.ts): named in the summary, never hidden. */
const flaky: string[] = [];
interface ReportSuite {
  title: string;
  specs?: {
    title: string;
    tests: { status: string; results: { error?: { message?: string } }[] }[];
  }[];
  suites?: ReportSuite[];
}
const collectJourneys = (suite: ReportSuite, file: string) => {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests) {
      if (test.status === 'flaky') flaky.push(`${file} › ${spec.title}`);
      if (test.status === 'unexpected')
        failures.push(`${file} › ${spec.title}: ${firstLine(test.results.at(-1)?.error?.message)}`);
    }
  for (const child of suite.suites ?? []) collectJourneys(child, file);
};
for (const suite of (playwright?.suites ?? []) as ReportSuite[]) collectJourneys(suite, suite.title);
if (playwright?.stats) {
  total.passed += playwright.stats.expected + playwright.stats.flaky;
  total.failed += playwright.stats.unexpected;
  total.skipped += playwright.stats.skipped;
  if (playwrightExit !== 0 && playwright.stats.unexpected === 0) {
    total.failed += 1;
    failures.push(`Playwright (exit code ${playwrightExit}) with no failed journey: see its output above`);
  }
} else {
  total.failed += 1;
  failures.push(`Playwright left no report (exit code ${playwrightExit})`);
}
rmSync(e2eData, { recursive: true, force: true });
rmSync(reports, { recursive: true, force: true });

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log('\nTime per stage:');
for (const [title, ms] of stageTimes) console.log(`  ${title.padEnd(28)} ${seconds(ms).padStart(9)}`);
console.log(`  ${'total'.padEnd(28)} ${seconds(performance.now()).padStart(9)}`);
if (flaky.length > 0)
  console.log(`\nPassed on a retry (failed once; look at each):\n${flaky.map((title) => `  ${title}`).join('\n')}`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed === 0 ? 0 : 1);
