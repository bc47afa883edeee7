/**
 * Builds the router's asset manifest from Vite's build manifest: the client entry (script, preloads, CSS) on
 * the root route, and each page's own chunk and CSS on its route, so the first HTML links every stylesheet
 * the page needs (no flash, no layout shift) and preloads its code.
 */
import type { ServerManifest } from '@tanstack/router-core';

interface ViteChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Record<string, ViteChunk>;

export const CLIENT_ENTRY = 'src/entry-client.tsx';

function collect(manifest: ViteManifest, key: string, seen = new Set<string>()) {
  const files: string[] = [];
  const css: string[] = [];
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) return;
    files.push(`/${chunk.file}`);
    for (const sheet of chunk.css ?? []) css.push(`/${sheet}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { files, css };
}

/**
 * `routeModules`: route id → the source module of its page, or the page's module followed by modules the page
 * starts loading at once (preloaded too, e.g. the machine and the HTTP client of /scan_code).
 */
export function buildRouterManifest(
  vite: ViteManifest,
  routeModules: Record<string, string | readonly string[]>,
): ServerManifest {
  const entry = vite[CLIENT_ENTRY];
  if (!entry) throw new Error(`The build manifest has no entry for ${CLIENT_ENTRY}; run the build again.`);
  const entrySeen = new Set<string>();
  const root = collect(vite, CLIENT_ENTRY, entrySeen);
  const routes: ServerManifest['routes'] = {
    __root__: {
      preloads: root.files,
      css: root.css,
      scripts: [{ attrs: { type: 'module', src: `/${entry.file}`, async: true } }],
    },
  };
  for (const [routeId, modules] of Object.entries(routeModules)) {
    const [module, ...preloads] = typeof modules === 'string' ? [modules] : modules;
    if (!module || !vite[module]) continue;
    // Chunks the entry already loads are not repeated on the route.
    const seen = new Set(entrySeen);
    const page = collect(vite, module, seen);
    const files = [...page.files];
    for (const extra of preloads) files.push(...collect(vite, extra, seen).files);
    routes[routeId] = { preloads: files, css: page.css };
  }
  return { routes };
}

/** In development Vite serves the sources; CSS arrives with the modules. */
export const devManifest: ServerManifest = {
  routes: {
    __root__: {
      scripts: [
        { attrs: { type: 'module', src: '/@vite/client' } },
        {
          attrs: { type: 'module' },
          children: [
            'import RefreshRuntime from "/@react-refresh";',
            'RefreshRuntime.injectIntoGlobalHook(window);',
            'window.$RefreshReg$ = () => {};',
            'window.$RefreshSig$ = () => (type) => type;',
            'window.__vite_plugin_react_preamble_installed__ = true;',
          ].join('\n'),
        },
        { attrs: { type: 'module', src: `/${CLIENT_ENTRY}` } },
      ],
    },
  },
};
