// The product's name in the web app's page: index.html says %PRODUCT_NAME% where the name goes, and `vite build`
// (and `vite` in dev) writes the one constant, common/brand.ts, in its place through the plugin below.
import type { Plugin } from 'vite';
import { PRODUCT_NAME } from '../common/brand.ts';

/** Writes the product name into index.html's %PRODUCT_NAME% placeholders, escaped for HTML. */
export function productNamePlugin(): Plugin {
  const escaped = PRODUCT_NAME.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return { name: 'product-name', transformIndexHtml: (html) => html.replaceAll('%PRODUCT_NAME%', escaped) };
}
