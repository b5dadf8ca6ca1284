// Each Playwright worker drives an app of its own: `npm test` starts one app per worker (playwright.config.ts,
// E2E_PORTS), each with its own throw-away database, so journeys run side by side without sharing members, daily
// limits or chat presence. Journeys import `test` and `expect` from here (ESLint refuses `test` from
// @playwright/test in e2e/): `test` points the page, the request context and `baseURL` at the worker's own app.
import { test as base, type BrowserContextOptions, type TestInfo } from '@playwright/test';

/** The apps the run serves, one per worker (playwright.config.ts sets E2E_PORTS). */
export const APP_PORTS: readonly number[] = (process.env.E2E_PORTS ?? '8799')
  .split(',')
  .map((port) => Number(port.trim()))
  .filter((port) => Number.isInteger(port) && port > 0);

export const appUrlOf = (index: number): string => `http://127.0.0.1:${APP_PORTS[index % APP_PORTS.length]}`;

/** The current test's app. */
export function appUrl(info: TestInfo = test.info()): string {
  return appUrlOf(info.parallelIndex);
}

/** The project's browser options with the current test's app, for browser contexts a journey opens itself. */
export function contextOptions(extra: BrowserContextOptions = {}): BrowserContextOptions {
  return { ...test.info().project.use, baseURL: appUrl(), ...extra };
}

export const test = base.extend({
  baseURL: async ({}, use, info) => use(appUrl(info)),
});

export { expect } from '@playwright/test';
