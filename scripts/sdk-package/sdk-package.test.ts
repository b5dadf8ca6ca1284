// The SDK as an outside developer meets it: `npm pack -w sdk`, the tarball installed into a fresh project in a
// temporary folder, a consumer type-checked with `tsc --init`'s settings (strict, nodenext), the README's
// walkthrough (its SDK section's code, one script) compiled and run under plain Node against the app as
// `npm start` serves it, with its demo accounts, and a page's script bundled for browsers (rolldown) and run in
// Chromium on the app's origin. Prints the install's size and the type check's time.
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../bench/browser.ts';
import { freePort, startApp, type RunningApp } from '../app.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
/** What installing the SDK brings: the package, the client's dependencies, and TypeScript (a peer of @trpc/server). */
const CLIENT_PACKAGES = ['@spa-community/sdk', '@trpc/client', '@trpc/server', 'zod'];
const TYPESCRIPT_PACKAGES = ['typescript', '@typescript'];

let folder: string;
let consumer: string;
let app: RunningApp;
/** The app as it starts: stopped after the tests even when the set-up failed before it was ready. */
let starting: Promise<RunningApp> | undefined;

/** The code blocks of the README's SDK section, in order: one script. */
function readmeWalkthrough(baseUrl: string): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('## The typed SDK\n'),
    readme.indexOf('\n## ', readme.indexOf('## The typed SDK\n') + 1),
  );
  const blocks = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
  expect(blocks.length, 'the README shows the SDK in code blocks').toBeGreaterThan(3);
  const script = blocks.join('\n');
  expect(script).toContain("'http://127.0.0.1:8787'");
  return script.replace("'http://127.0.0.1:8787'", JSON.stringify(baseUrl));
}

/** Bytes under a folder. */
function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

/** The installed packages under node_modules, scoped ones by their full names. */
function installedPackages(modules: string): string[] {
  return readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) =>
      name.startsWith('@') && !TYPESCRIPT_PACKAGES.includes(name)
        ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`)
        : [name],
    );
}

async function typeCheck(...flags: string[]): Promise<{ exit: number; output: string; ms: number }> {
  const started = performance.now();
  try {
    const { stdout } = await run(process.execPath, [tsc, '-p', consumer, ...flags]);
    return { exit: 0, output: stdout, ms: performance.now() - started };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { exit: failed.code, output: failed.stdout, ms: performance.now() - started };
  }
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'spa-sdk-package-'));
  consumer = join(folder, 'consumer');
  const port = await freePort();
  starting = startApp({ port, dataDir: join(folder, 'app'), build: false });
  const { stdout } = await run('npm', ['pack', '-w', 'sdk', '--pack-destination', folder, '--json'], { cwd: root });
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string }[];
  mkdirSync(consumer);
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'sdk-consumer', private: true, type: 'module' }),
  );
  await run('npm', ['install', join(folder, packed!.filename), '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: consumer,
  });
  await run(process.execPath, [tsc, '--init'], { cwd: consumer });
  app = await starting;
}, 240_000);

afterAll(async () => {
  await (await starting?.catch(() => undefined))?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the SDK installed from its package', () => {
  it('brings only what a client needs', () => {
    const modules = join(consumer, 'node_modules');
    const packages = installedPackages(modules);
    expect(packages.filter((name) => !TYPESCRIPT_PACKAGES.includes(name)).sort()).toEqual([...CLIENT_PACKAGES].sort());
    const manifest = JSON.parse(readFileSync(join(modules, '@spa-community/sdk/package.json'), 'utf8'));
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(readdirSync(join(modules, '@spa-community/sdk/dist')).sort()).toEqual(['index.d.ts', 'index.js']);
    const bytes = CLIENT_PACKAGES.reduce((sum, name) => sum + sizeOf(join(modules, name)), 0);
    console.log(
      `SDK install: ${packages.length} packages; ${(bytes / 1024 / 1024).toFixed(1)} MB beside TypeScript (budget 20 MB)`,
    );
  });

  it('type-checks a consumer with tsc --init settings, and wrong calls are type errors', async () => {
    const settings = readFileSync(join(consumer, 'tsconfig.json'), 'utf8');
    expect(settings).toMatch(/"module": "nodenext"/);
    expect(settings).toMatch(/"strict": true/);
    writeFileSync(join(consumer, 'walkthrough.ts'), readmeWalkthrough(app.url));
    // Each wrong call is under a @ts-expect-error directive: one that is not a type error fails the check.
    for (const file of ['wrong-calls.ts', 'in-a-browser.ts'])
      copyFileSync(join(root, 'scripts/sdk-package/consumer', file), join(consumer, file));
    const checked = await typeCheck();
    expect(checked.output).toBe('');
    expect(checked.exit).toBe(0);
    console.log(
      `SDK consumer type check (tsc ${JSON.parse(readFileSync(join(root, 'node_modules/typescript/package.json'), 'utf8')).version}): ${(checked.ms / 1000).toFixed(2)} s (budget 5 s)`,
    );

    // The package's declarations hold together on their own: checked too, none of its lines is an error.
    const library = await typeCheck('--skipLibCheck', 'false', '--noEmit');
    expect(library.output.split('\n').filter((line) => line.includes('@spa-community/sdk'))).toEqual([]);
  });

  it("runs the README's walkthrough under plain Node against the app", async () => {
    const { stdout } = await run(process.execPath, [join(consumer, 'walkthrough.js')], {
      cwd: consumer,
      timeout: 60_000,
    });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Signed in as Juan dela Cruz, a client;/);
    expect(lines[1]).toMatch(/^\d+ spas on the map$/);
    expect(lines[2]).toMatch(/^Reviewed Makati Serenity Spa with a star \(review \d+\)$/);
    expect(lines[3]).toMatch(/^Gave Maria Santos a flower at .+$/);
    expect(lines[4]).toMatch(/^\d+ members online; chatting with Maria Santos$/);
    expect(lines[5]).toBe('Maria read: Salamat po!');

    // What the script did is on the site: the spa's review, read over REST as Juan.
    const login = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: { Origin: app.url, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Juan dela Cruz', password: 'spa-demo-2026' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const spas = (await (await fetch(`${app.url}/api/users?role=spa_management`)).json()) as {
      id: number;
      name: string;
    }[];
    expect(Number(lines[1]!.split(' ')[0])).toBe(spas.length);
    const spa = spas.find((listed) => listed.name === 'Makati Serenity Spa')!;
    const reviewId = Number(/review (\d+)/.exec(lines[2]!)![1]);
    const received = await fetch(`${app.url}/api/user-reviews/${spa.id}`, { headers: { Cookie: cookie } });
    expect(received.status).toBe(200);
    const reviews = (await received.json()) as { id: number; reviewer: { name: string } }[];
    expect(reviews.find((review) => review.id === reviewId)?.reviewer.name).toBe('Juan dela Cruz');
  });

  it('runs in a browser, bundled as a web app would bundle it', async () => {
    const bundle = await build({
      cwd: consumer,
      input: join(consumer, 'in-a-browser.ts'),
      platform: 'browser',
      write: false,
      output: { format: 'esm' },
    });
    const script = bundle.output[0].code;
    expect(script).not.toMatch(/from\s*["']@spa-community\/sdk["']/);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      // The bundle is a script of the app's origin, put on a page the app serves, so that the session cookie and the
      // chat's socket are the page's own (Chromium refuses a local socket to a page it cannot place on the network).
      await page.route(`${app.url}/sdk-in-a-browser.js`, (route) =>
        route.fulfill({ contentType: 'text/javascript', body: script }),
      );
      await page.goto(`${app.url}/robots.txt`);
      await page.addScriptTag({ url: '/sdk-in-a-browser.js', type: 'module' });
      await page
        .waitForFunction(() => document.body?.dataset.result, undefined, { timeout: 30_000 })
        .catch(() => errors.push('the page wrote no result within 30 s'));
      expect(errors).toEqual([]);
      const result = JSON.parse((await page.evaluate(() => document.body.dataset.result))!) as Record<string, unknown>;
      expect(result).toMatchObject({ role: 'spa_management', profile: 'Makati Serenity Spa' });
      expect(result.spas).toBeGreaterThan(5);
    } finally {
      await browser.close();
    }
  });
});
