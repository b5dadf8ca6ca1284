// How big a benchmark runs. `npm run bench` runs every benchmark at full size and prints its figures; `npm test`
// runs each once at a tiny size (BENCH_SMOKE=1, see bench/list.ts) only to prove it still runs to the end, so its
// figures mean nothing then. No benchmark ever fails on a budget: only a crash fails it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const SMOKE = process.env.BENCH_SMOKE === '1';

/** The full size, or the smoke size under BENCH_SMOKE=1; the variable `name`, when set, wins over both. */
export function benchSize(full: number, smoke: number, name?: string): number {
  const value = name ? process.env[name] : undefined;
  if (value === undefined || value === '') return SMOKE ? smoke : full;
  const size = Number(value);
  if (!(size > 0)) throw new Error(`${name} must be a positive number`);
  return size;
}

/** Whether a benchmark's app builds the web app first: always at full size; at smoke size only when no build exists. */
export function buildsWeb(): boolean {
  return !SMOKE || !existsSync(join('dist', 'web', 'index.html'));
}
