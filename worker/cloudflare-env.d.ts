// Tells the Workers types what the main module exports, so `exports.default` (tests) and `ctx.exports` are typed.
declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import('./index.ts');
  }
}
