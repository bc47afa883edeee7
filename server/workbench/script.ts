/**
 * The logout script's JavaScript (./logout.ts with js-cookie), bundled by esbuild on first use when the server runs
 * from source; the compiled server carries the same text (scripts/lib/bundle-server.ts defines it).
 */
import { join } from 'node:path';

declare const __WORKBENCH_LOGOUT__: string | undefined;

let compiled: Promise<string> | undefined;

export function logoutScript(): Promise<string> {
  if (typeof __WORKBENCH_LOGOUT__ === 'string') return Promise.resolve(__WORKBENCH_LOGOUT__);
  compiled ??= import('esbuild').then(async ({ build }) => {
    const entryPoints = [join(import.meta.dirname, 'logout.ts')];
    const options = { format: 'iife', target: 'es2018', minify: true, legalComments: 'none' } as const;
    const result = await build({ entryPoints, bundle: true, write: false, ...options });
    return result.outputFiles[0].text.trim();
  });
  return compiled;
}
