// `npm run bench:chat`: the chat load benchmark alone (bench/chat.ts). Benchmarks never fail the build.
await import('../bench/chat.ts');
export {};
