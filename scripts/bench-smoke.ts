// Every benchmark once at a tiny size (bench/list.ts SMOKE_ENV), each in a process of its own: `npm test` runs this
// stage so that a benchmark that no longer runs to the end is a failed test. A benchmark fails only by crashing
// (exit code other than 0, or no end within the time allowed); its figures and budgets are never checked.
// Two run at a time: each starts its own app (own free port, own throw-away data folder) and spends much of its
// time starting it, so a second one uses the other core; their figures mean nothing at this size anyway.
// Alone: `node scripts/bench-smoke.ts`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { BENCHMARKS, SMOKE_ENV } from '../bench/list.ts';

/** A benchmark at smoke size takes seconds (a minute on a busy machine); this long and it counts as hung: failed. */
const TIMEOUT_MS = 300_000;
/** How many benchmarks run at once. */
const AT_ONCE = Math.max(1, Math.min(2, availableParallelism()));

/** Process groups of the benchmarks running now, stopped with this process on Ctrl-C. */
const running = new Set<number>();

function stopGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Runs a command with its output kept (printed only when it fails), in a process group of its own so that what it
 * started (wrangler, workerd, Chromium) goes with it. Resolves the exit code, or null when it ran out of time.
 */
function runQuietly(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const pid = child.pid!;
    running.add(pid);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      stopGroup(pid, 'SIGTERM');
      setTimeout(() => stopGroup(pid, 'SIGKILL'), 5000).unref();
    }, TIMEOUT_MS);
    let exitCode: number | null = null;
    child.on('exit', (code) => {
      clearTimeout(timer);
      exitCode = code;
      // Whatever the benchmark left running in its group goes too (and lets its output streams close).
      stopGroup(pid, 'SIGKILL');
      running.delete(pid);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      running.delete(pid);
      resolve({ code: 1, output: `${output}\n${error}` });
    });
    child.on('close', () => resolve({ code: timedOut ? null : (exitCode ?? 1), output }));
  });
}

/** Runs every benchmark at smoke size: how many ran to the end, and the entries of those that did not. */
export async function smokeBenchmarks(): Promise<{ passed: number; failed: string[] }> {
  const tally = { passed: 0, failed: [] as string[] };
  const interrupt = (signal: NodeJS.Signals) => {
    for (const pid of running) stopGroup(pid, 'SIGKILL');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  const queue = [...BENCHMARKS];
  const next = async (): Promise<void> => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      // The npm entry where a benchmark has one of its own (`npm run bench:chat` runs scripts/bench-chat.ts), else the file.
      const own = join('scripts', `bench-${name}.ts`);
      const entry = existsSync(own) ? own : join('bench', `${name}.ts`);
      const started = performance.now();
      const { code, output } = await runQuietly(process.execPath, [entry], SMOKE_ENV);
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      if (code === 0) {
        tally.passed += 1;
        console.log(`  ok      ${entry} (${seconds} s)`);
      } else {
        tally.failed.push(entry);
        console.log(
          `  FAILED  ${entry} (${seconds} s, ${code === null ? `no end within ${TIMEOUT_MS / 1000} s` : `exit code ${code}`}); its output:`,
        );
        console.log(output.trimEnd().replace(/^/gm, '    '));
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: AT_ONCE }, next));
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
  return tally;
}

if (import.meta.main) {
  const started = performance.now();
  const { passed, failed } = await smokeBenchmarks();
  console.log(`\n${passed} passed, ${failed.length} failed (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  process.exitCode = failed.length === 0 ? 0 : 1;
}
