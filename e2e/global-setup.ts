// Once per run, after the app is up (Playwright starts the webServer first): the demo accounts sign in through
// POST /api/login, each from a private address of its own (the per-address sign-in limit is for people, and the
// journeys that sign in on the form keep all of it), and each session is kept as a Playwright storage state in the
// run's throw-away data folder. Journeys that are not about signing in start from these (helpers.ts signIn), so a
// run spends four sign-ins per app instead of one per journey.
import { request } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DEMO_ACCOUNTS } from '../db/seed.ts';
import { APP_PORTS, appUrlOf } from './fixtures.ts';
import { DEMO_PASSWORD, ownAddress, storageStateOf } from './helpers.ts';

export default async function globalSetup(): Promise<void> {
  await Promise.all(APP_PORTS.map((_, index) => signInDemoAccounts(appUrlOf(index))));
}

/** Each app has its own database, so its own demo sessions. */
async function signInDemoAccounts(baseURL: string): Promise<void> {
  for (const { name } of DEMO_ACCOUNTS) {
    const file = storageStateOf(name, baseURL);
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const context = await request.newContext({ baseURL, extraHTTPHeaders: { 'CF-Connecting-IP': ownAddress() } });
    try {
      const response = await context.post('/api/login', {
        data: { name, password: DEMO_PASSWORD },
        headers: { Origin: new URL(baseURL).origin },
      });
      if (response.status() !== 200)
        throw new Error(`signing ${name} in answered ${response.status()}: ${await response.text()}`);
      await context.storageState({ path: file });
    } finally {
      await context.dispose();
    }
  }
}
