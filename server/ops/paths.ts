/**
 * Where the server finds the files it reads at run time, from source (`tsx server/main.ts`, the tests) or compiled
 * (`node dist/server/main.js`): the build puts the renderer, migrations, password list and catalogs beside
 * main.js, the content in `dist/content/`, public/ in `dist/client/` (docs/deploy.md).
 */
import { dirname, join, relative } from 'node:path';

/** Defined as `true` by the server bundle (scripts/lib/bundle-server.ts); undefined when running from source. */
declare const __PORTAL_COMPILED__: boolean | undefined;

export const COMPILED = typeof __PORTAL_COMPILED__ !== 'undefined' && __PORTAL_COMPILED__;

// Source: <root>/server/ops/paths.ts. Compiled: <root>/<build folder>/server/main.js (everything in one file).
const here = import.meta.dirname;

/** The project folder: relative settings (DATA_DIR) resolve against it, and the server runs in it. */
export const PROJECT_ROOT = join(here, '../..');

/** The build folder served: the compiled server's own one, else PORTAL_DIST (default `dist`). */
export const DIST_DIR = COMPILED ? dirname(here) : join(PROJECT_ROOT, process.env.PORTAL_DIST ?? 'dist');

/** The build folder relative to the project folder (static files are served by a path relative to it). */
export const DIST_NAME = relative(PROJECT_ROOT, DIST_DIR);

export const CONTENT_DIR = COMPILED ? join(DIST_DIR, 'content') : join(PROJECT_ROOT, 'content');

/** public/: the build copies it into the client folder. */
export const PUBLIC_DIR = COMPILED ? join(DIST_DIR, 'client') : join(PROJECT_ROOT, 'public');

/** The catalogs: the build copies the server's (server.po) beside it. */
export const LOCALES_DIR = COMPILED ? join(here, 'locales') : join(PROJECT_ROOT, 'locales');
