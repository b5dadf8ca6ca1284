// The web app's build: React + Tailwind from web/, emitted to dist/web (served by the Worker as static assets).
// Hashed files live under /assets/ (cached for a year by the Worker); index.html and sw.js are revalidated.
// In `vite` dev mode, API calls are proxied to a running `wrangler dev` on port 8787.
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PRODUCT_NAME } from './web/lib/brand.ts';

const API_TARGET = 'http://127.0.0.1:8787';

/** Writes the product name (one constant, web/lib/brand.ts) into index.html's %PRODUCT_NAME% placeholders. */
function productName(): Plugin {
  const escaped = PRODUCT_NAME.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return { name: 'product-name', transformIndexHtml: (html) => html.replaceAll('%PRODUCT_NAME%', escaped) };
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), productName()],
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
              test: /[\\/]node_modules[\\/](@tanstack|@trpc)[\\/]/,
              priority: 10,
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
