// Every benchmark, in the order `npm run bench` runs them (bench/<name>.ts; `npm run bench:chat`, `bench:map`,
// `bench:analytics`, `bench:images`, `bench:web` and `bench:faults` run one alone through scripts/bench-<name>.ts). `npm test` runs each once at a tiny size with
// SMOKE_ENV, so a benchmark that no longer runs is a failed test; figures and budgets never fail anything.
export const BENCHMARKS = [
  'http',
  'leaderboards',
  'first-paint',
  'web',
  'chat',
  'map',
  'analytics',
  'search',
  'images',
  'ai-editor',
  'faults',
  'worker-size',
] as const;

/** The variables that shrink every benchmark to a smoke test (each bench's own knobs, BENCH_SMOKE for the rest). */
export const SMOKE_ENV: Record<string, string> = {
  BENCH_SMOKE: '1',
  HTTP_BENCH_SECONDS: '1',
  LEADERBOARD_BENCH_ROWS: '2000',
  CHAT_BENCH_SOCKETS: '4',
  CHAT_BENCH_SECONDS: '1',
  CHAT_BENCH_RATE: '1',
  MAP_BENCH_SECONDS: '1',
};
