// `npm run types:worker`: writes worker-configuration.d.ts, the Worker's Env as `wrangler types` makes it from
// wrangler.toml's bindings and the variable and secret names that .dev.vars.example lists (worker/env.ts builds the
// Worker's Bindings on it). With `--check` (the type check, scripts/typecheck.ts) it writes nothing and fails when
// the checked-in file is not what they make now.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { experimental_generateTypes as generateTypes } from 'wrangler';

const TYPES_FILE = 'worker-configuration.d.ts';

const { content } = await generateTypes({
  path: TYPES_FILE,
  // The names, never a developer's own values: a .dev.vars is not read.
  envFile: ['.dev.vars.example'],
  // The runtime's own types are @cloudflare/workers-types'.
  includeRuntime: false,
  // ENVIRONMENT is "production" in wrangler.toml, and `npm start` and the tests pass "development": a string.
  strictVars: false,
});

if (!process.argv.includes('--check')) {
  writeFileSync(TYPES_FILE, content);
  console.log(`${TYPES_FILE} written.`);
} else if (!existsSync(TYPES_FILE) || readFileSync(TYPES_FILE, 'utf8') !== content) {
  console.error(
    `${TYPES_FILE} is not what wrangler.toml and .dev.vars.example declare: run \`npm run types:worker\` and commit it.`,
  );
  process.exitCode = 1;
}
