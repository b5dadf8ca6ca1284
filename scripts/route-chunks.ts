// Which files each screen's code is made of, written into the web build by `vite build` (through the plugin
// below) as dist/web/route-chunks.json: the Worker reads it to preload a screen's chunks with the page (ADR 023).
import type { Plugin } from 'vite';

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
export function routeChunksPlugin(): Plugin {
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
