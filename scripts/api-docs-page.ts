// The REST API's docs page (GET /api/docs): Swagger UI, as swagger-ui-dist ships it prebuilt for browsers, reading
// /api/openapi.json. `vite build` writes it into the web build through the plugin below: a page of its own, so none
// of the viewer's code reaches the app's screens, and its script is a file (the Content-Security-Policy allows no
// inline script).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { PRODUCT_NAME } from '../common/brand.ts';

/** The page's path in the static assets: the Worker answers /api/docs with it (asking for /api-docs). */
const API_DOCS_PAGE = 'api-docs.html';

const SWAGGER_UI = new URL('../node_modules/swagger-ui-dist/', import.meta.url);

const START = `SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#api-docs', deepLinking: true });\n`;

/** `assets/<name>-<hash>.<ext>`, cached for a year like the app's own hashed files. */
function hashedName(name: string, extension: string, source: string): string {
  return `assets/${name}-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.${extension}`;
}

export function apiDocsPlugin(): Plugin {
  return {
    name: 'api-docs-page',
    apply: 'build',
    generateBundle() {
      const files = {
        script: {
          name: 'swagger-ui',
          extension: 'js',
          source: readFileSync(new URL('swagger-ui-bundle.js', SWAGGER_UI), 'utf8'),
        },
        style: {
          name: 'swagger-ui',
          extension: 'css',
          source: readFileSync(new URL('swagger-ui.css', SWAGGER_UI), 'utf8'),
        },
        start: { name: 'api-docs', extension: 'js', source: START },
      };
      const paths = Object.fromEntries(
        Object.entries(files).map(([key, { name, extension, source }]) => {
          const fileName = hashedName(name, extension, source);
          this.emitFile({ type: 'asset', fileName, source });
          return [key, `/${fileName}`];
        }),
      ) as Record<keyof typeof files, string>;
      const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>${PRODUCT_NAME} REST API</title>
    <link rel="stylesheet" href="${paths.style}" />
    <script src="${paths.script}" defer></script>
    <script src="${paths.start}" defer></script>
  </head>
  <body>
    <div id="api-docs"></div>
  </body>
</html>
`;
      this.emitFile({ type: 'asset', fileName: API_DOCS_PAGE, source: page });
    },
  };
}
