// The pages a visitor may open first, prerendered into the web build after `vite build` has written it (through
// the plugin below): the landing page and the auth form as whole HTML pages in dist/web/prerendered/, which the
// Worker serves so that they paint before any script has loaded, and the signed-in home's chrome and a profile in
// its loading state as JSON, which the Worker puts around a member's first frame (common/screen-chrome.ts).
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { PROFILE_LOADING_FILE, SCREEN_CHROME_FILE } from '../common/screen-chrome.ts';

/** The element right after `#root` in web/index.html, which a prerendered page's first frame waits for. */
const AFTER_ROOT_ID = 'after-root';

/** The prerendered pages: file (under dist/web/prerendered/), the address rendered, and what it shows. */
const PRERENDERED_PAGES = [
  { file: 'landing.html', url: '/', kind: 'landing', returning: false },
  { file: 'landing-returning.html', url: '/', kind: 'landing', returning: true },
  { file: 'auth.html', url: '/auth', kind: 'auth', returning: false },
  { file: 'auth-register.html', url: '/auth?mode=register', kind: 'auth', returning: false },
] as const;

/**
 * Renders the landing page and the auth form to HTML after the client build (web/prerender.tsx through Vite's
 * SSR loader), so that they paint before any script has loaded: the page's stylesheet is inlined (one
 * round trip fewer before the first paint), the first frame waits for the whole markup, and the app's scripts are
 * asked for only after the first frame (`starterAfterPaint`), so that the HTML's own bytes come first on a slow
 * connection. The auth form is inert until React takes over, so that nothing typed into it is lost. Also the
 * signed-in home's chrome, for the Worker to put around a member's first frame, and a profile in its loading state
 * (common/screen-chrome.ts).
 */
export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After the files are written (and only when the build succeeded).
    async writeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
      const scripts = shell.match(/^\s*<(script type="module"|link rel="modulepreload")[^>]*>(<\/script>)?\n/gm) ?? [];
      const stylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/.exec(shell);
      if (scripts.length === 0 || !stylesheet)
        throw new Error('prerender: the built index.html has no module script or stylesheet');
      const css = readFileSync(join(outDir, stylesheet[1]!), 'utf8');
      // Nothing paints before the page's markup is whole: a frame painted mid-parse would lay the hero out with half
      // its content, and what followed would move (a layout shift). Chromium lets the first frame through once the
      // expected element's start tag is parsed, so the page waits for the element after `#root`, not `#root`.
      if (!shell.includes(`<div id="root"></div>\n    <noscript id="${AFTER_ROOT_ID}">`))
        throw new Error(`prerender: the built index.html has no <noscript id="${AFTER_ROOT_ID}"> right after #root`);
      let template = shell.replace(
        stylesheet[0],
        `<style>${css}</style>\n    <link rel="expect" href="#${AFTER_ROOT_ID}" blocking="render" />`,
      );
      for (const tag of scripts) template = template.replace(tag, '');
      const entry = scripts
        .map((tag) => /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)">/.exec(tag)?.[1])
        .find(Boolean);
      if (!entry) throw new Error('prerender: the built index.html has no entry script');
      template = template.replace(
        '</body>',
        `  <script type="module" crossorigin src="${starterAfterPaint(outDir, entry)}"></script>\n  </body>`,
      );

      const server = await createServer({
        configFile: false,
        root: config.root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        plugins: [react()],
      });
      try {
        const { renderPage, renderHomeChrome, renderProfileLoading } = (await server.ssrLoadModule(
          '/prerender.tsx',
        )) as typeof import('../web/prerender.tsx');
        mkdirSync(join(outDir, 'prerendered'), { recursive: true });
        for (const page of PRERENDERED_PAGES) {
          const markup = await renderPage(page.url, page.returning);
          const content = page.kind === 'auth' ? `<div inert>${markup}</div>` : markup;
          const html = template.replace(
            '<div id="root"></div>',
            `<div id="root" data-prerendered="${page.kind}">${content}</div>`,
          );
          writeFileSync(join(outDir, 'prerendered', page.file), html);
        }
        writeFileSync(join(outDir, SCREEN_CHROME_FILE), JSON.stringify(await renderHomeChrome()));
        writeFileSync(join(outDir, PROFILE_LOADING_FILE), JSON.stringify(await renderProfileLoading()));
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * Writes the one script of a prerendered page: a small module that imports the app's entry after the page's first
 * frame. The page paints from its HTML before any of the app's code is fetched or run (about 130 ms of main
 * thread on this machine at start-up, which a phone multiplies); the entry's own imports then load together.
 * Answers the starter's address.
 */
function starterAfterPaint(outDir: string, entry: string): string {
  const code = `requestAnimationFrame(() => setTimeout(() => import(${JSON.stringify(entry)})));\n`;
  const file = `assets/start-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
  writeFileSync(join(outDir, file), code);
  return `/${file}`;
}
