// `npm run bench:analytics`: the spa analytics benchmark alone (bench/analytics.ts). Benchmarks never fail the build.
await import('../bench/analytics.ts');
export {};
