/**
 * A measuring tool that is not a dependency of the project (the Observatory scanner, Lighthouse), installed with
 * npm on first use into its own folder under node_modules/.cache/. Install steps are skipped (`--ignore-scripts`):
 * some download from the internet, which is not reachable here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Installs `name@version` into `cacheDir` unless it is there; returns the package's folder. */
export function installCachedTool(name: string, version: string, cacheDir: string): string {
  const packageDir = join(cacheDir, 'node_modules', name);
  if (existsSync(join(packageDir, 'package.json'))) return packageDir;
  console.log(`Installing ${name}@${version} into ${cacheDir}…`);
  mkdirSync(cacheDir, { recursive: true });
  const result = spawnSync(
    'npm',
    ['install', '--ignore-scripts', '--no-save', '--no-audit', '--no-fund', '--prefix', cacheDir, `${name}@${version}`],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`npm install ${name} failed (exit ${result.status})`);
  return packageDir;
}
