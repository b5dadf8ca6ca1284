// Chromium for the benchmarks that load pages: Playwright's own where it is installed, Debian's otherwise.
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';

export function launchChromium() {
  const bundled = (() => {
    try {
      return chromium.executablePath();
    } catch {
      return '';
    }
  })();
  return chromium.launch({ executablePath: bundled && existsSync(bundled) ? undefined : '/usr/bin/chromium' });
}
