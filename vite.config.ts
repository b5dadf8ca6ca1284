// The web app's build: React + Tailwind from web/, emitted to dist/web (served by the Worker as static assets).
// Hashed files live under /assets/ (cached for a year by the Worker); index.html and sw.js are revalidated.
// After the build, the pages a visitor may open first are prerendered into dist/web/prerendered/ (see
// `prerender` below). In `vite` dev mode, API calls are proxied to a running `wrangler dev` on port 8787.
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer, defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import { PROFILE_LOADING_FILE, SCREEN_CHROME_FILE } from './common/screen-chrome.ts';
import { PRODUCT_NAME } from './web/lib/brand.ts';
import { geodataPlugin } from './scripts/geodata.ts';
import { workerDataPlugin } from './scripts/worker-data.ts';
import { apiDocsPlugin } from './scripts/api-docs-page.ts';

const API_TARGET = 'http://127.0.0.1:8787';
/** The element right after `#root` in web/index.html, which a prerendered page's first frame waits for. */
const AFTER_ROOT_ID = 'after-root';

/** Writes the product name (one constant, web/lib/brand.ts) into index.html's %PRODUCT_NAME% placeholders. */
function productName(): Plugin {
  const escaped = PRODUCT_NAME.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return { name: 'product-name', transformIndexHtml: (html) => html.replaceAll('%PRODUCT_NAME%', escaped) };
}

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
function prerender(): Plugin {
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
        )) as typeof import('./web/prerender.tsx');
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

/** Modules whose chunks the Worker preloads with a screen (common/page-data.ts, ScreenCode), by the key it uses. */
const SCREEN_MODULES: Record<string, RegExp> = {
  'routes/profile.tsx': /[\\/]web[\\/]routes[\\/]profile\.tsx$/,
  'routes/leaderboards.tsx': /[\\/]web[\\/]routes[\\/]leaderboards\.tsx$/,
  'routes/search.tsx': /[\\/]web[\\/]routes[\\/]search\.tsx$/,
  'components/map/spa-map.tsx': /[\\/]web[\\/]components[\\/]map[\\/]spa-map\.tsx$/,
};

/**
 * Writes dist/web/route-chunks.json: for each screen of SCREEN_MODULES, the files of its chunks and of everything
 * they import statically, less what index.html already preloads. The Worker adds them to the page as
 * modulepreload links (ADR 023), so a screen's code loads beside the app's instead of after it.
 */
function routeChunks(): Plugin {
  return {
    name: 'route-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (files: string[]) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const next of byFile.get(file)?.imports ?? []) visit(next);
        };
        files.forEach(visit);
        return seen;
      };
      const shell = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const screens: Record<string, string[]> = {};
      for (const [key, pattern] of Object.entries(SCREEN_MODULES)) {
        const own = chunks
          .filter((chunk) => chunk.facadeModuleId && pattern.test(chunk.facadeModuleId))
          .map((chunk) => chunk.fileName);
        if (own.length === 0) this.error(`route-chunks: no chunk for ${key}`);
        screens[key] = [...closure(own)].filter((file) => !shell.has(file)).map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: 'route-chunks.json', source: JSON.stringify(screens) });
    },
  };
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    productName(),
    geodataPlugin(),
    workerDataPlugin(),
    apiDocsPlugin(),
    routeChunks(),
    prerender(),
  ],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // React and the data/routing libraries change less often than the app: separate chunks stay cached
        // across deploys. Only modules the landing page loads anyway are grouped here.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            {
              name: 'data',
              test: /[\\/]node_modules[\\/](@tanstack[\\/](react-query|query-core|react-router|router-core|history|store|react-store)|@trpc)[\\/]/,
              priority: 10,
            },
            { name: 'shell', tags: ['$initial'], priority: 5 },
            // The tab bar: its Radix parts (tabs and what they are built on) and our panels, one file for the screens
            // that show tabs rather than seven: the local server speaks HTTP/1.1, six files at a time. Not the
            // dialog's parts, which load when a dialog first opens.
            {
              name: 'radix',
              test: /[\\/]node_modules[\\/]@radix-ui[\\/](primitive|react-(primitive|compose-refs|context|slot|presence|id|direction|collection|roving-focus|tabs|use-[a-z-]+))[\\/]|[\\/]web[\\/]components[\\/]ui[\\/]tabs\.tsx$/,
              priority: 3,
            },
            // The small parts most screens share (the page frame, fields, ratings, dates, counts, what the profile,
            // the boards and the opening hours write), one file rather than one each: on its own, each took a
            // request of its own, and the profile screen waited for eighteen files (four rounds of six) before its
            // first frame. None of them imports anything large.
            {
              name: 'screen-kit',
              test: /[\\/]web[\\/](components[\\/](page-shell|role-badge|rating|profile[\\/]member-badge|favorites[\\/]save-button|privacy[\\/]pending-email|ui[\\/](dialog|input|form-alert))\.tsx|lib[\\/]format\.ts)$|[\\/]common[\\/](count|opening-hours|recognition|profile|review-reports)\.ts$/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/trpc': { target: API_TARGET, changeOrigin: false },
      '/api': { target: API_TARGET, changeOrigin: false },
      '/media': { target: API_TARGET, changeOrigin: false },
      '/ws': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/trpc': { target: API_TARGET, changeOrigin: false },
      '/api': { target: API_TARGET, changeOrigin: false },
    },
  },
});
