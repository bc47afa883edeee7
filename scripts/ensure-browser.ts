/**
 * The browser tests and the benchmark drive Debian's Chromium (playwright-core never downloads a browser).
 * `browserPath()` finds it; run directly, this script exits 1 with the install command when it is missing.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`Chromium: ${ensureBrowser()}`);
}
