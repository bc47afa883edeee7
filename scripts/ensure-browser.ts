/**
 * The browser tests and the benchmark drive Debian's Chromium (playwright-core never downloads a browser), and
 * the three-engine journeys also Firefox ESR and WebKitGTK (e2e/engines/paths.ts). `browserPath()` finds
 * Chromium; `ensureEngines()` all three. Run directly, this script exits 1 with the apt-get command of whatever
 * is missing: a missing engine fails the run, it never skips its journeys.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findEnginePaths } from '../e2e/engines/paths';

export const INSTALL_HINT = 'install it: apt-get install -y chromium fonts-noto-cjk';

/** $CHROMIUM_PATH when set, else Debian's /usr/bin/chromium; undefined when that file does not exist. */
export function browserPath(): string | undefined {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  return existsSync(path) ? path : undefined;
}

/** The browser's path, or a message and exit code 1 when there is none. */
export function ensureBrowser(): string {
  const path = browserPath();
  if (!path) {
    console.error(`Chromium not found at ${process.env.CHROMIUM_PATH || '/usr/bin/chromium'}: ${INSTALL_HINT}`);
    process.exit(1);
  }
  return path;
}

/** Chromium, Firefox ESR, WebKitWebDriver, MiniBrowser and Xvfb, or a message per missing one and exit code 1. */
export function ensureEngines(): void {
  const { missing } = findEnginePaths();
  if (missing.length) {
    console.error(`The three-engine journeys cannot run:\n  ${missing.join('\n  ')}`);
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`Chromium: ${ensureBrowser()}`);
  ensureEngines();
  const { paths } = findEnginePaths();
  console.log(
    `Firefox ESR: ${paths.firefox}\nWebKitWebDriver: ${paths.webkitDriver} (MiniBrowser ${paths.miniBrowser})`,
  );
}
