// `npm run bench`: runs every benchmark in bench/ (bench/list.ts) and prints its figures. Benchmarks never fail on
// a budget; one that crashes is reported, the others still run, and the command then exits with 1. Ends with how
// long each benchmark took.
// Each runs in a process of its own, as `npm run bench:<name>` runs it alone: run one after another in one process,
// a benchmark's client inherited the heap of those before it (the chat benchmark's client peaked at 806 MB after
// the Lighthouse runs, against 257 MB alone), and its figures then said something about its place in the list.
import { spawn } from 'node:child_process';
import { BENCHMARKS } from '../bench/list.ts';

/** Runs one benchmark with its output shown; resolves whether it ran to the end. */
function runBenchmark(name: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, `bench/${name}.ts`], { stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`\nbench/${name}.ts did not start:`, error);
      resolve(false);
    });
    child.on('exit', (code, signal) => resolve(code === 0 && signal === null));
  });
}

const durations: [string, number][] = [];
const crashed: string[] = [];
for (const name of BENCHMARKS) {
  const started = performance.now();
  if (!(await runBenchmark(name))) {
    crashed.push(name);
    console.error(`\nbench/${name}.ts crashed (see its output above).`);
  }
  durations.push([name, (performance.now() - started) / 1000]);
}
const total = durations.reduce((sum, [, seconds]) => sum + seconds, 0);
console.log(
  `\nBenchmark durations: ${durations.map(([name, seconds]) => `${name} ${seconds.toFixed(0)} s`).join(', ')}; total ${(total / 60).toFixed(1)} min`,
);
if (crashed.length) {
  console.error(`Crashed: ${crashed.join(', ')}`);
  process.exitCode = 1;
}
