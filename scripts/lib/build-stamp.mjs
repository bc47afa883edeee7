/**
 * The build is stale when any input changed: a hash over the paths, sizes and modification times of the
 * sources (site and server), catalogs, content, public files and build configuration.
 *
 * Plain JavaScript (with build-stamp.d.mts for TypeScript), so that `npm start` (scripts/start.mjs) checks the
 * build with plain Node and runs the compiled server without a TypeScript loader.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The build folder, relative to the project folder: PORTAL_DIST, default `dist`. */
export const DIST_DIR = process.env.PORTAL_DIST ?? 'dist';
export const STAMP_NAME = '.build-stamp';
const INPUTS = [
  'src',
  'machines',
  'server',
  'locales',
  'public',
  'content',
  'vite.config.ts',
  'lingui.config.ts',
  'tsconfig.json',
  'scripts/build.ts',
  'scripts/lib',
  'package-lock.json',
];

function walk(root, path, hash) {
  const full = join(root, path);
  if (!existsSync(full)) return;
  const stat = statSync(full);
  if (stat.isDirectory()) {
    for (const name of readdirSync(full).sort()) walk(root, join(path, name), hash);
    return;
  }
  if (/\.test\.tsx?$/.test(path)) return;
  hash.update(`${path}:${stat.size}:${stat.mtimeMs}\n`);
}

/** The hash of the inputs below `root` (the project folder; default: the working directory). */
export function inputsHash(root = '.') {
  const hash = createHash('sha256');
  for (const input of INPUTS) walk(root, input, hash);
  return hash.digest('hex');
}

/** Whether `distDir` holds a complete build of the current inputs (its stamp, written last, matches). */
export function buildIsFresh(distDir = DIST_DIR, root = '.') {
  const stamp = join(root, distDir, STAMP_NAME);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === inputsHash(root);
}
