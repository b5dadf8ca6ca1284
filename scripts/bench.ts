// `npm run bench`: runs every benchmark in bench/ (bench/list.ts) and prints its figures. Benchmarks never fail on
// a budget; one that crashes is reported, the others still run, and the command then exits with 1. Ends with how
// long each benchmark took.
import { BENCHMARKS } from '../bench/list.ts';

const durations: [string, number][] = [];
const crashed: string[] = [];
for (const name of BENCHMARKS) {
  const started = performance.now();
  try {
    await import(`../bench/${name}.ts`);
  } catch (error) {
    crashed.push(name);
    console.error(`\nbench/${name}.ts crashed:`, error);
  }
  durations.push([name, (performance.now() - started) / 1000]);
}
const total = durations.reduce((sum, [, seconds]) => sum + seconds, 0);
console.log(`\nBenchmark durations: ${durations.map(([name, seconds]) => `${name} ${seconds.toFixed(0)} s`).join(', ')}; total ${(total / 60).toFixed(1)} min`);
if (crashed.length) {
  console.error(`Crashed: ${crashed.join(', ')}`);
  process.exitCode = 1;
}
export {};
