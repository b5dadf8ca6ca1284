// Playwright journeys in Chromium against the app served exactly as `npm start` serves it, on the port and
// throw-away data folder that scripts/test.ts chooses. Playwright's own Chromium is used where it is
// installed, Debian's /usr/bin/chromium otherwise (Playwright cannot download browsers on these machines).
import { chromium, defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

const port = Number(process.env.E2E_PORT ?? 8799);
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
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    launchOptions: {
      executablePath,
      args: ['--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-gpu'],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: `"${process.execPath}" scripts/launch.mjs start`,
    url: `http://127.0.0.1:${port}/api/health`,
    env: { PORT: String(port), DATA_DIR: dataDir },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
