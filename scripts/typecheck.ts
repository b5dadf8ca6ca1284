// `npm run typecheck`, and `npm test`'s type check: worker-configuration.d.ts is what wrangler.toml and
// .dev.vars.example make now (scripts/worker-types.ts), and every project of tsconfig.json type-checks (`tsc -b`:
// the Worker, the web app and the Node tools, each with its runtime's types). Fails when either fails.
import { spawnSync } from 'node:child_process';

const checks: [string, string[]][] = [
  [process.execPath, ['scripts/worker-types.ts', '--check']],
  ['node_modules/.bin/tsc', ['-b', 'tsconfig.json']],
];
let failed = false;
for (const [command, args] of checks) {
  if (spawnSync(command, args, { stdio: 'inherit' }).status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
