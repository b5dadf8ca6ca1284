// `npm run bench:images`: the photo re-encoding benchmark alone (bench/images.ts, ADR 017). Benchmarks never fail
// the build.
await import('../bench/images.ts');
export {};
