/** Builds the whole site into one folder (see scripts/build.ts, which swaps it into place under a lock). */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inputsHash, STAMP_NAME } from './build-stamp.mjs';
import { bundleServer } from './bundle-server';
import { compressDir } from './compress';

/** Builds everything into `outDir` (relative to the project folder, the working directory). */
export async function buildSite(outDir: string): Promise<void> {
  // Hashed before building: an input edited during the build leaves a stamp that no longer matches.
  const hash = inputsHash();
  const vite = (args: string[]) =>
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', ...args], {
      stdio: 'inherit',
      env: { ...process.env, PORTAL_DIST: outDir },
    });
  vite(['build', '--logLevel', 'warn']);
  vite(['build', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn']);
  // The operator's console: a client of its own, served only on the console's listener (server/console/pages.ts).
  vite(['build', '--mode', 'console', '--logLevel', 'warn']);
  await bundleServer(outDir);
  const compressed = compressDir(join(outDir, 'client')) + compressDir(join(outDir, 'console'));
  console.log(`${compressed} files precompressed.`);
  // Last: a folder with this stamp is complete.
  writeFileSync(join(outDir, STAMP_NAME), hash);
}
