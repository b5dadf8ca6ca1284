// `npm run bench:map`: the map benchmark alone (bench/map.ts). Benchmarks never fail the build.
await import('../bench/map.ts');
export {};
