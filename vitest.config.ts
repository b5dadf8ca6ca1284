// Two projects: `unit` runs pure modules and the local libSQL server's conformance tests in Node;
// `workers` runs the Worker and the Durable Object inside workerd through the Workers vitest integration,
// against a local libSQL server that the global setup starts on a free port with a throw-away database.
import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['common/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        plugins: [
          cloudflareTest(({ inject }) => ({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: { bindings: { TURSO_DATABASE_URL: inject('databaseUrl') } },
          })),
        ],
        test: {
          name: 'workers',
          include: ['worker/**/*.test.ts', 'durable-objects/**/*.test.ts'],
          globalSetup: ['./worker/test/global-setup.ts'],
          // One database serves every file; files run one after another so round-trip counts stay exact.
          fileParallelism: false,
          testTimeout: 30_000,
        },
      },
    ],
  },
});
