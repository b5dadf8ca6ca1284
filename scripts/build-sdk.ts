// Builds the SDK package (sdk/, published as @spa-community/sdk) into sdk/dist: `index.js`, ESM with the shared
// client code bundled in and only @trpc/client, @trpc/server and zod left as imports, and `index.d.ts`, one
// self-contained declaration file. The router's types come with it, so a consumer needs neither the server's source
// nor Workers types: TypeScript emits the declarations of the SDK and of everything it names, the server's request
// context among them is replaced by an opaque type (a client never sees it), and rolldown-plugin-dts bundles what
// is reachable. `npm pack -w sdk` runs this first (its prepack script).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'rolldown';
import { dts } from 'rolldown-plugin-dts';

const SDK = resolve('sdk');
const DIST = join(SDK, 'dist');
/** What the package may import: its dependencies in sdk/package.json. */
const DEPENDENCIES = Object.keys(JSON.parse(readFileSync(join(SDK, 'package.json'), 'utf8')).dependencies);
const isDependency = (id: string) => DEPENDENCIES.some((name) => id === name || id.startsWith(`${name}/`));
const isBare = (id: string) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0');

/** The server's request context as a client's declarations see it: routers name it, and nothing of it reaches a call. */
const OPAQUE_CONTEXT = "/** The server's per-request context: opaque to a client. */\nexport type Context = object;\n";

rmSync(DIST, { recursive: true, force: true });
const types = mkdtempSync(join(tmpdir(), 'spa-sdk-types-'));
try {
  execFileSync(
    process.execPath,
    [resolve('node_modules/typescript/bin/tsc'), '-p', join(SDK, 'tsconfig.build.json'), '--outDir', types],
    {
      stdio: 'inherit',
    },
  );
  const contextFile = join(types, 'worker', 'trpc.d.ts');
  writeFileSync(contextFile, OPAQUE_CONTEXT);

  await build({
    input: join(SDK, 'src', 'index.ts'),
    platform: 'neutral',
    external: isDependency,
    output: { file: join(DIST, 'index.js'), format: 'esm' },
    logLevel: 'warn',
  });
  await build({
    input: { index: join(types, 'sdk', 'src', 'index.d.ts') },
    external: isBare,
    plugins: [
      {
        // The emitted declarations keep the source's `.ts` specifiers; each names the `.d.ts` beside it.
        name: 'declaration-specifiers',
        resolveId(source, importer) {
          if (importer && source.startsWith('.') && source.endsWith('.ts') && !source.endsWith('.d.ts')) {
            return resolve(importer, '..', source.replace(/\.ts$/, '.d.ts'));
          }
          return null;
        },
      },
      // Its inputs are declarations already, so no generator runs; oxc is named because it needs no tsconfig.
      dts({ dtsOnly: true, tsconfig: false, generator: 'oxc' }),
    ],
    output: { dir: DIST, format: 'esm' },
    logLevel: 'warn',
  });
} finally {
  rmSync(types, { recursive: true, force: true });
}
for (const file of ['index.js', 'index.d.ts']) {
  const imports = [
    ...readFileSync(join(DIST, file), 'utf8').matchAll(/\bfrom\s+["']([^"']+)["']|import\(["']([^"']+)["']\)/g),
  ].map((match) => match[1] ?? match[2]!);
  const stray = imports.filter((id) => !isDependency(id));
  if (stray.length > 0)
    throw new Error(`sdk/dist/${file} imports what the package does not depend on: ${[...new Set(stray)].join(', ')}`);
}
console.log(`SDK built into ${DIST}`);
