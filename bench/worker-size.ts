// The Worker's size and start-up: the bundle `wrangler deploy` would upload (its own dry run, raw and gzipped, beside
// the 500 KiB budget) and how long workerd takes to start it: `wrangler dev --no-bundle` on that very bundle, timed
// until it answers its first request, less the same for a Worker of one line; the median of a few starts each. Cloudflare starts a Worker before its first request, within its start-up limit,
// so what the bundle adds is what a member waits for on a cold isolate. Nothing fails; figures are printed.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../scripts/app.ts';
import { benchSize } from './size.ts';

const BUDGET_GZIP_KIB = 500;
const STARTS = benchSize(5, 1);

const directory = mkdtempSync(join(tmpdir(), 'spa-bench-worker-size-'));
try {
  const said = execFileSync(
    process.execPath,
    ['node_modules/wrangler/bin/wrangler.js', 'deploy', '--dry-run', '--outdir', join(directory, 'out')],
    { encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' } },
  );
  const upload = /Total Upload: ([\d.,]+) KiB \/ gzip: ([\d.,]+) KiB/.exec(said);
  if (!upload) throw new Error(`wrangler's dry run printed no upload size:\n${said}`);
  const [raw, gzipped] = [Number(upload[1]!.replace(',', '')), Number(upload[2]!.replace(',', ''))];

  const compatibilityDate = /^compatibility_date = "([^"]+)"/m.exec(readFileSync('wrangler.toml', 'utf8'))![1]!;
  writeFileSync(join(directory, 'one-line.js'), 'export default { fetch: () => new Response("ok") };');
  /** Milliseconds from starting `wrangler dev` on the script to its first answer, whatever its status. */
  const startup = async (script: string): Promise<number> => {
    const config = join(directory, `${script.replace(/\W/g, '-')}.toml`);
    writeFileSync(
      config,
      `name = "startup"\nmain = "${script}"\ncompatibility_date = "${compatibilityDate}"\ncompatibility_flags = ["nodejs_compat"]\n`,
    );
    const port = await freePort();
    const started = performance.now();
    const wrangler = spawn(
      process.execPath,
      [
        'node_modules/wrangler/bin/wrangler.js',
        'dev',
        '--no-bundle',
        '--config',
        config,
        '--ip',
        '127.0.0.1',
        '--port',
        String(port),
        '--persist-to',
        join(directory, 'state'),
        '--show-interactive-dev-session=false',
        '--log-level',
        'error',
      ],
      {
        stdio: 'ignore',
        env: {
          ...process.env,
          WRANGLER_SEND_METRICS: 'false',
          CLOUDFLARE_CF_FETCH_ENABLED: 'false',
          X_LOCAL_OBSERVABILITY: 'false',
        },
      },
    );
    try {
      for (;;) {
        if (wrangler.exitCode !== null) throw new Error(`wrangler dev exited (${wrangler.exitCode}) for ${script}`);
        try {
          await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer();
          return performance.now() - started;
        } catch {
          await new Promise((wait) => setTimeout(wait, 10));
        }
      }
    } finally {
      const exited = new Promise((done) => wrangler.once('exit', done));
      wrangler.kill('SIGTERM');
      await exited;
    }
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const bundleMs: number[] = [];
  const oneLineMs: number[] = [];
  for (let start = 0; start < STARTS; start++) {
    oneLineMs.push(await startup('one-line.js'));
    bundleMs.push(await startup('out/index.js'));
  }

  console.log('\nThe Worker as `wrangler deploy` would upload it');
  console.log(
    `  size      ${raw.toFixed(0)} KiB, ${gzipped.toFixed(0)} KiB gzipped   (budget: at most ${BUDGET_GZIP_KIB} KiB gzipped)`,
  );
  console.log(
    `  start-up  ${(median(bundleMs) - median(oneLineMs)).toFixed(0)} ms more than a one-line Worker to a first answer from a fresh wrangler dev ` +
      `(${median(bundleMs).toFixed(0)} against ${median(oneLineMs).toFixed(0)} ms, median of ${STARTS})`,
  );
} finally {
  rmSync(directory, { recursive: true, force: true });
}
