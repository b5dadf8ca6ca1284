// The web app's build: React + Tailwind from web/, emitted to dist/web (served by the Worker as static assets).
// Hashed files live under /assets/ (cached for a year by the Worker); index.html and sw.js are revalidated.
// The plugins of scripts/ add what the Worker reads beside the app: the product name in index.html, the basemap
// and gazetteer, the Worker's data files, the REST API's docs page, each screen's chunks, and (after the build) the
// pages a visitor may open first, prerendered into dist/web/prerendered/. In `vite` dev mode, API calls are proxied
// to a running `wrangler dev` on port 8787.
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiDocsPlugin } from './scripts/api-docs-page.ts';
import { geodataPlugin } from './scripts/geodata.ts';
import { prerenderPlugin } from './scripts/prerender-pages.ts';
import { productNamePlugin } from './scripts/product-name.ts';
import { routeChunksPlugin } from './scripts/route-chunks.ts';
import { workerDataPlugin } from './scripts/worker-data.ts';

const API_TARGET = 'http://127.0.0.1:8787';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    productNamePlugin(),
    geodataPlugin(),
    workerDataPlugin(),
    apiDocsPlugin(),
    routeChunksPlugin(),
    prerenderPlugin(),
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
            // The small parts most screens share (the page frame, fields, ratings, dates, counts, the Verified visit
            // badge, what the profile, the boards and the opening hours write), one file rather than one each: on its
            // own, each took a request of its own, and the profile screen waited for eighteen files (four rounds of
            // six) before its first frame. None of them imports anything large.
            {
              name: 'screen-kit',
              test: /[\\/]web[\\/](components[\\/](page-shell|role-badge|rating|profile[\\/]member-badge|favorites[\\/]save-button|privacy[\\/]pending-email|visits[\\/]verified-visit|ui[\\/](dialog|input|form-alert))\.tsx|lib[\\/]format\.ts)$|[\\/]common[\\/](count|opening-hours|recognition|profile|review-reports|visits)\.ts$/,
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
