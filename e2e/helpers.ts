// Shared steps of the journeys: solving the real captcha widget and filling the registration form.
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'warm-stones-and-hilot-2026';

export function uniqueName(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
}

/** Ticks the ALTCHA widget and waits until its proof of work is done (its hidden field holds the payload). */
export async function solveCaptcha(page: Page): Promise<void> {
  const widget = page.locator('altcha-widget');
  // The widget swaps its checkbox for a spinner while it works, so click rather than check.
  await widget.locator('input[type="checkbox"]').click();
  await expect(widget.locator('input[name="altcha"]')).not.toHaveValue('', { timeout: 30_000 });
}

export async function register(page: Page, name: string, role: 'Client' | 'Therapist' | 'Spa Management' = 'Client') {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'CREATE NEW ACCOUNT' }).click();
  await page.getByLabel('Your Name').fill(name);
  await page.getByLabel('New Password').fill(PASSWORD);
  await page.getByRole('radio', { name: role, exact: true }).check();
  await page.getByLabel("I'm older than 21 years old").check();
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
}
