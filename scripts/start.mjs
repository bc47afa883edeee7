/**
 * `npm start`: builds when the build is missing or older than its inputs, then runs the compiled server
 * (`dist/server/main.js`) in this same process. Plain JavaScript, so that once the build is there the server runs
 * on plain Node with no TypeScript loader; only the build itself (a child process) uses tsx. Several `npm start`s
 * at once on a stale build are safe: the build runs under a lock and the others wait for it (scripts/build.ts).
 * It is the local try of the README, so it allows the built-in stand-ins (STANDINS=1) and says so first; a
 * deployment runs `npm run serve` or the image, which refuse a stand-in (server/config/settings.ts).
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIsFresh, DIST_DIR } from './lib/build-stamp.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
process.env.STANDINS ||= '1';
if (process.env.STANDINS === '1')
  console.log(
    'npm start: STANDINS=1, the built-in stand-ins are allowed (SMS codes in this log, the slider captcha, the WeChat simulator). For real users: docs/deploy.md.',
  );
if (!buildIsFresh(DIST_DIR)) {
  console.log(`Building the site into ${DIST_DIR}/ (the build is missing or out of date)…`);
  try {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--if-stale'], { stdio: 'inherit' });
  } catch {
    console.error('The build failed (see above): not starting the server.');
    process.exit(1);
  }
}
await import(pathToFileURL(join(root, DIST_DIR, 'server/main.js')).href);
