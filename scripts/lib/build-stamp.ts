/**
 * The build is stale when any input changed: a hash over the paths, sizes and modification times of the
 * sources, catalogs, public files and build configuration.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const DIST_DIR = process.env.PORTAL_DIST ?? 'dist';
export const STAMP_FILE = `${DIST_DIR}/.build-stamp`;
const INPUTS = [
  'src',
  'machines',
  'locales',
  'public',
  'content',
  'vite.config.ts',
  'lingui.config.ts',
  'package-lock.json',
];

function walk(path: string, hash: ReturnType<typeof createHash>) {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (stat.isDirectory()) {
    for (const name of readdirSync(path).sort()) walk(join(path, name), hash);
    return;
  }
  if (/\.test\.tsx?$/.test(path)) return;
  hash.update(`${path}:${stat.size}:${stat.mtimeMs}\n`);
}

export function inputsHash(): string {
  const hash = createHash('sha256');
  for (const input of INPUTS) walk(input, hash);
  return hash.digest('hex');
}

export function buildIsFresh(): boolean {
  return existsSync(STAMP_FILE) && readFileSync(STAMP_FILE, 'utf8') === inputsHash();
}
