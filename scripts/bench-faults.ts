// `npm run bench:faults`: the database frozen, stopped and back (bench/faults.ts). Benchmarks never fail the build.
await import('../bench/faults.ts');
export {};
