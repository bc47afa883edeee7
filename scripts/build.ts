/**
 * `npm run build`: builds the client (hashed assets + manifest), the server renderer (`vite build --ssr`) and the
 * compiled server (`dist/server/main.js`, scripts/lib/bundle-server.ts), writes brotli and gzip copies of every
 * compressible asset so the server can send them precompressed, and stamps the build with a hash of its inputs
 * so `npm start` knows when it is stale.
 *
 * The build goes into a temporary folder and is swapped into place under a lock (scripts/lib/build-lock.ts), so
 * builds started together (several `npm start`s on a stale build) never leave a mixed or half-written folder.
 * `--if-stale` (used by `npm start` and the test runners) builds only when the folder is missing or stale, and
 * waits for a build already running instead of building twice. PORTAL_DIST names the folder (default `dist`).
 */
import { buildAtomically } from './lib/build-lock';
import { buildSite } from './lib/build-site';
import { buildIsFresh, DIST_DIR } from './lib/build-stamp.mjs';

const started = Date.now();
const outcome = await buildAtomically({
  distDir: DIST_DIR,
  isFresh: () => buildIsFresh(DIST_DIR),
  build: buildSite,
  force: !process.argv.includes('--if-stale'),
  log: (line) => console.log(line),
});
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (outcome === 'built') console.log(`Built ${DIST_DIR}/ in ${seconds} s.`);
else if (outcome === 'built-by-another')
  console.log(`${DIST_DIR}/ was built meanwhile by another process (${seconds} s).`);
