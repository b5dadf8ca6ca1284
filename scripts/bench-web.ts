// `npm run bench:web`: the phone screens' Lighthouse figures alone (bench/web.ts). Benchmarks never fail the build.
await import('../bench/web.ts');
export {};
