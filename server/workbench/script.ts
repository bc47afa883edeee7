/**
 * The logout script's JavaScript (./logout.ts), bundled with esbuild (js-cookie included) when the server runs from source; the
 * compiled server carries the same text (scripts/lib/bundle-server.ts defines `__WORKBENCH_LOGOUT__` with it).
 */
import { join } from 'node:path';

declare const __WORKBENCH_LOGOUT__: string | undefined;

export const LOGOUT_SCRIPT =
  typeof __WORKBENCH_LOGOUT__ === 'string'
    ? __WORKBENCH_LOGOUT__
    : (await import('esbuild'))
        .buildSync({
          entryPoints: [join(import.meta.dirname, 'logout.ts')],
          bundle: true,
          write: false,
          format: 'iife',
          target: 'es2018',
          minify: true,
          legalComments: 'none',
        })
        .outputFiles[0].text.trim();
