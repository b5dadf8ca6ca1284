// Four projects: `production` boots the production configuration (scripts/production); `sdk-package` uses the SDK
// from its packed package (scripts/sdk-package); `unit` runs pure modules (common/, the Worker's pure services, the web app's pure state) and the
// demo data's and migrations' tests (on sqld) in Node;
// `workers` runs the Worker and the Durable Object inside workerd through the Workers vitest integration,
// against Turso's own server (sqld), which the global setup starts on a free port with a throw-away database.
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'common/**/*.test.ts',
            'db/**/*.test.ts',
            'scripts/**/*.test.ts',
            'worker/services/**/*.test.ts',
            'worker/providers/**/*.test.ts',
            'web/**/*.test.ts',
          ],
          exclude: ['scripts/production/**', 'scripts/sdk-package/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The production configuration booted with `wrangler dev` on sqld (needs the web build): a stage of its own.
        test: {
          name: 'production',
          environment: 'node',
          include: ['scripts/production/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The SDK packed, installed into a project outside the repo, type-checked and run against the app (needs
        // the web build): a stage of its own.
        test: {
          name: 'sdk-package',
          environment: 'node',
          include: ['scripts/sdk-package/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
      {
        plugins: [
          cloudflareTest(({ inject }) => ({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: {
                ENVIRONMENT: 'development',
                // The tests' own origin (worker/test/helpers.ts BASE): links in mail start with it.
                APP_URL: 'https://spa.test',
                // Hundreds of members register through the real captcha and password hashing: a smaller proof of
                // work and a smaller scrypt cost each (the same code; production refuses the small cost).
                ALTCHA_MAX_WORK: '2000',
                PASSWORD_SCRYPT_COST: '1024',
                TURSO_DATABASE_URL: inject('databaseUrl'),
                TURSO_AUTH_TOKEN: inject('databaseAuthToken'),
                // Local stand-ins for Resend's and PayMongo's HTTP APIs (scripts/provider-stand-ins.ts); tests
                // that want a provider configure it on their own copy of the environment.
                PROVIDER_STAND_IN_URL: inject('providerStandInUrl'),
                // worker/test/odd-input.test.ts: inputs per route and role, and a seed to replay.
                PROPERTY_RUNS: process.env.PROPERTY_RUNS ?? '',
                PROPERTY_SEED: process.env.PROPERTY_SEED ?? '',
              },
            },
          })),
        ],
        test: {
          name: 'workers',
          include: ['worker/**/*.test.ts', 'durable-objects/**/*.test.ts'],
          // Pure modules of the Worker's services are unit tests (Node), above.
          exclude: ['worker/services/**', 'worker/providers/**'],
          globalSetup: ['./worker/test/global-setup.ts'],
          // One database serves every file of a Vitest process, and they run one after another so round-trip counts
          // stay exact. `npm test` runs two shards side by side (--shard), each a process with a database of its own.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
