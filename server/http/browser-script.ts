/**
 * Scripts of the pages the server writes, written in TypeScript (bundled by esbuild with their imports, inlined and
 * allowed by hash): compiled on first use from source; the compiled server carries them
 * (scripts/lib/bundle-server.ts defines `__BROWSER_SCRIPTS__`).
 */
import { join } from 'node:path';
import { PROJECT_ROOT } from '../ops/paths';

declare const __BROWSER_SCRIPTS__: Record<BrowserScript, string> | undefined;

export const BROWSER_SCRIPTS = {
  scan: 'server/messaging/simulator/scan.ts',
} as const;
export type BrowserScript = keyof typeof BROWSER_SCRIPTS;

const compiled = new Map<BrowserScript, Promise<string>>();

export function browserScript(name: BrowserScript): Promise<string> {
  if (typeof __BROWSER_SCRIPTS__ === 'object') return Promise.resolve(__BROWSER_SCRIPTS__[name]);
  let script = compiled.get(name);
  if (!script) {
    script = import('esbuild').then(async ({ build }) => {
      const entryPoints = [join(PROJECT_ROOT, BROWSER_SCRIPTS[name])];
      const options = { format: 'iife', target: 'es2018', minify: true, legalComments: 'none' } as const;
      const result = await build({ entryPoints, bundle: true, write: false, ...options });
      return result.outputFiles[0].text.trim();
    });
    compiled.set(name, script);
  }
  return script;
}
