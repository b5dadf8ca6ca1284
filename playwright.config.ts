// Playwright journeys in Chromium against the app served exactly as `npm start` serves it: one app per worker, on
// the ports and throw-away data folders that scripts/test.ts chooses. Playwright's own Chromium is used where it is
// installed, Debian's /usr/bin/chromium otherwise (Playwright cannot download browsers on these machines).
import { chromium, defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

// One app per worker (e2e/fixtures.ts): `npm test` chooses free ports (E2E_PORTS); by hand, 8799 and 8800.
process.env.E2E_PORTS ??= '8799,8800';
const ports = process.env.E2E_PORTS.split(',').map(Number);
const dataDir = process.env.E2E_DATA_DIR ?? '.e2e-data';
const bundled = (() => {
  try {
    return chromium.executablePath();
  } catch {
    return '';
  }
})();
const executablePath = bundled && existsSync(bundled) ? undefined : '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  testIgnore: 'screenshots/**',
  // The demo accounts sign in once per run; journeys that are not about signing in start from those sessions.
  globalSetup: './e2e/global-setup.ts',
  // Files, not tests, are shared out: a file's journeys run in order on one worker and its app.
  fullyParallel: false,
  workers: ports.length,
  // One retry: the journeys are bound by CPU on a shared 2-core machine, and a journey that times out once under
  // load should not sink the run. One that passes on its retry is named at the end of `npm test` (ADR 024).
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${ports[0]}`,
    trace: 'retain-on-failure',
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    launchOptions: {
      executablePath,
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-gpu',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: ports.map((port, index) => ({
    command: `"${process.execPath}" scripts/launch.mjs start`,
    url: `http://127.0.0.1:${port}/api/health`,
    env: { PORT: String(port), DATA_DIR: `${dataDir}/app-${index}` },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
