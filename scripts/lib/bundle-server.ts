/**
 * Compiles the server (server/main.ts and everything it imports, the shared code of src/ included) into one ES
 * module, `<build>/server/main.js`, that plain `node` runs: no TypeScript loader or bundler at run time. Beside
 * it go the files the server reads next to its own code (server/ops/paths.ts): the migrations, the common-password
 * list, the server's catalogs (locales/<locale>/server.po) and the college content. The SSR renderer
 * (`entry-server.js`) is already there from `vite build --ssr`.
 *
 * Packages with native code, WebAssembly, data files or worker threads stay outside the bundle and load from
 * node_modules at run time (EXTERNAL); the rest (Hono, zod, markdown-it, …) is bundled.
 */
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { BROWSER_SCRIPTS, type BrowserScript, browserScript } from '../../server/http/browser-script';

export const EXTERNAL = [
  // Native (a .node binary per platform).
  '@node-rs/argon2',
  // WebAssembly and its data files, found relative to the package's own files.
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  // pg (optional pg-native) and pino (worker-thread transports, sonic-boom) resolve files of their own at run time.
  'pg',
  'pino',
  // Development mode only (`--dev`) and the source run of server/workbench/script.ts, never loaded compiled.
  'vite',
  'esbuild',
];

/** Every browser script, compiled (the compiled server carries them: server/http/browser-script.ts). */
async function browserScripts(): Promise<Record<BrowserScript, string>> {
  const names = Object.keys(BROWSER_SCRIPTS) as BrowserScript[];
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await browserScript(name)])));
}

export async function bundleServer(outDir: string, projectRoot = '.'): Promise<void> {
  const serverDir = join(outDir, 'server');
  await build({
    absWorkingDir: join(process.cwd(), projectRoot),
    entryPoints: ['server/main.ts'],
    outfile: join(serverDir, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: EXTERNAL,
    define: { __PORTAL_COMPILED__: 'true', __BROWSER_SCRIPTS__: JSON.stringify(await browserScripts()) },
    // Bundled CommonJS packages call require() for Node's own modules: give the ES module one.
    banner: {
      js: "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);",
    },
    legalComments: 'none',
    logLevel: 'warning',
  });
  const migrations = join(serverDir, 'migrations');
  mkdirSync(migrations, { recursive: true });
  for (const name of readdirSync(join(projectRoot, 'server/db/migrations')).filter((file) => file.endsWith('.sql'))) {
    cpSync(join(projectRoot, 'server/db/migrations', name), join(migrations, name));
  }
  cpSync(join(projectRoot, 'server/accounts/common-passwords.txt'), join(serverDir, 'common-passwords.txt'));
  for (const locale of readdirSync(join(projectRoot, 'locales'))) {
    mkdirSync(join(serverDir, 'locales', locale), { recursive: true });
    cpSync(join(projectRoot, 'locales', locale, 'server.po'), join(serverDir, 'locales', locale, 'server.po'));
  }
  cpSync(join(projectRoot, 'content/college'), join(outDir, 'content/college'), { recursive: true });
}
