/**
 * `npm start`: builds when the build is missing or older than its inputs, then runs the compiled server
 * (`dist/server/main.js`) in this same process. Plain JavaScript, so that once the build is there the server runs
 * on plain Node with no TypeScript loader; only the build itself (a child process) uses tsx. Several `npm start`s
 * at once on a stale build are safe: the build runs under a lock and the others wait for it (scripts/build.ts).
 * It is the local try of the README, so it allows the built-in stand-ins (STANDINS=1) and says so first; a
 * deployment runs `npm run serve` or the image, which refuse a stand-in (server/config/settings.ts). It also opens
 * the operator's console on 127.0.0.1:3032 (CONSOLE_PORT) unless CONSOLE_PORT says otherwise.
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
// The operator's console on loopback, so the local try can sign in to it; only on the default ports (a second
// `npm start` on other ports would find 3032 taken). CONSOLE_PORT= (empty) turns it off, CONSOLE_PORT=… moves it.
if (
  process.env.CONSOLE_PORT === undefined &&
  !process.env.PORT &&
  !process.env.BRAND2_PORT &&
  process.env.METRICS_PORT !== '3032'
)
  process.env.CONSOLE_PORT = '3032';
if (process.env.CONSOLE_PORT)
  console.log(
    `npm start: the operator's console on http://${process.env.CONSOLE_HOST || '127.0.0.1'}:${process.env.CONSOLE_PORT}/ (add an operator: npm run admin -- operator add --name <name> --role owner, password on standard input).`,
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
