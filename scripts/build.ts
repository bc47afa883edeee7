/**
 * Builds the client (hashed assets + manifest) and the server renderer, then writes brotli and gzip copies
 * of every compressible asset so the server can send them precompressed. Stamps dist/ with a hash of the
 * inputs so `npm start` knows when the build is stale.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { DIST_DIR, inputsHash, STAMP_FILE } from './lib/build-stamp';
import { compressDir } from './lib/compress';

const vite = ['node_modules/vite/bin/vite.js'];
const run = (args: string[]) => execFileSync(process.execPath, [...vite, ...args], { stdio: 'inherit' });

const started = Date.now();
run(['build', '--logLevel', 'warn']);
run(['build', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn']);
const compressed = compressDir(`${DIST_DIR}/client`);
writeFileSync(STAMP_FILE, inputsHash());
console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s (${compressed} files precompressed).`);
