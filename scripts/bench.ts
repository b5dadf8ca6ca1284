// `npm run bench`: runs every benchmark in bench/ and prints its figures. Benchmarks never fail the build.
await import('../bench/http.ts');
await import('../bench/leaderboards.ts');
await import('../bench/first-paint.ts');
await import('../bench/chat.ts');
await import('../bench/map.ts');
await import('../bench/analytics.ts');
await import('../bench/search.ts');
export {};
