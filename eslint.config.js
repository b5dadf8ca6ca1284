// `npm run lint`: the layers of docs/architecture.md, enforced. common/ is at the bottom, then db/ and
// durable-objects/, then worker/, then web/, sdk/ and the Node tools (scripts/, bench/, e2e/). Nothing imports
// from a layer above its own, and the browser takes only the AppRouter type from the server.
//
// TypeScript is parsed by Babel's parser: typescript-eslint needs TypeScript's JavaScript API, which TypeScript 7
// (the compiler `npm run typecheck` uses) no longer ships (ADR 019). Type checking stays with tsc.
import babelParser from '@babel/eslint-parser';
import reactHooks from 'eslint-plugin-react-hooks';

/** An import path that reaches into a top-level folder, from anywhere (`../../worker/x.ts`, `../db/schema.ts`). */
const into = (folder) => `(^|/)${folder}/`;
const refuse = (folders, message) => ({ regex: `(${folders.map(into).join('|')})`, message });

const layers = [
  {
    files: ['common/**'],
    patterns: [
      refuse(
        ['db', 'durable-objects', 'worker', 'web', 'sdk', 'scripts', 'bench', 'e2e'],
        'common/ is the bottom layer: it imports only common/ and libraries.',
      ),
      { regex: '^node:', message: 'common/ runs in the browser too: no node: modules here.' },
    ],
  },
  {
    files: ['db/**'],
    patterns: [
      refuse(
        ['durable-objects', 'worker', 'web', 'sdk', 'scripts', 'bench', 'e2e'],
        'db/ imports only common/ and db/.',
      ),
    ],
  },
  {
    files: ['durable-objects/**'],
    ignores: ['durable-objects/**/*.test.ts'],
    patterns: [
      refuse(
        ['db', 'worker', 'web', 'sdk', 'scripts', 'bench', 'e2e'],
        'durable-objects/ imports only common/ and durable-objects/.',
      ),
    ],
  },
  {
    // The hub's tests drive it through the Worker's socket route, as a member does.
    files: ['durable-objects/**/*.test.ts'],
    patterns: [refuse(['web', 'sdk', 'scripts', 'bench', 'e2e'], "The hub's tests use the Worker and common/ only.")],
  },
  {
    files: ['worker/**'],
    ignores: ['worker/test/**'],
    patterns: [
      refuse(['web', 'sdk', 'scripts', 'bench', 'e2e'], 'worker/ imports only common/, db/ and durable-objects/.'),
    ],
  },
  {
    // The Worker's tests also run the migration script, the providers' stand-ins and the SDK they test.
    files: ['worker/test/**'],
    patterns: [refuse(['web', 'bench', 'e2e'], "Worker tests drive the public surface; the browser app is e2e/'s.")],
  },
  {
    files: ['web/**', 'sdk/**'],
    patterns: [
      refuse(
        ['db', 'durable-objects', 'scripts', 'bench', 'e2e'],
        'The browser and the SDK import only common/ and the AppRouter type.',
      ),
      {
        regex: `${into('worker')}(?!routers/index\\.ts$)`,
        message:
          'From the server, take only the AppRouter type (worker/routers/index.ts); outputs come from inferRouterOutputs.',
      },
      {
        regex: `${into('worker')}routers/index\\.ts$`,
        allowImportNames: ['AppRouter'],
        message: 'Only the AppRouter type crosses to the browser.',
      },
    ],
  },
];

export default [
  {
    ignores: [
      'node_modules/**',
      '**/dist/**',
      '.data/**',
      '.e2e-data/**',
      '.wrangler/**',
      'test-results/**',
      'playwright-report/**',
      'db/migrations/**',
      // The Worker's declarations that the other projects type-check against (tsconfig.worker.json), and the Env
      // that wrangler generates (npm run types:worker).
      '.tsbuild/**',
      'worker-configuration.d.ts',
    ],
  },
  // JSX only in .tsx: in a .ts file `<T>(x) => x` is a generic, not an element.
  ...[
    ['**/*.{ts,js,mjs}', ['typescript']],
    ['**/*.tsx', ['typescript', 'jsx']],
  ].map(([files, plugins]) => ({
    files: [files],
    languageOptions: {
      parser: babelParser,
      parserOptions: {
        requireConfigFile: false,
        babelOptions: { babelrc: false, configFile: false, parserOpts: { plugins } },
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  })),
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...layers.map(({ files, ignores, patterns }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
  {
    // Each Playwright worker has an app of its own: journeys take `test` from e2e/fixtures.ts, which points them at it.
    files: ['e2e/**'],
    ignores: ['e2e/fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Take test and expect from './fixtures.ts' (each worker's own app).",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='use'][object.property.name='project']",
          message: "Use contextOptions() or appUrl() from './fixtures.ts': project.use is the first app's.",
        },
      ],
    },
  },
];
