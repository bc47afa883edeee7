/**
 * Where the three engines' programs are (all from Debian packages; nothing is downloaded). `enginePaths()` gives
 * them; a missing one is an error naming the apt-get command that installs it (scripts/ensure-browser.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface EnginePaths {
  chromium: string;
  firefox: string;
  webkitDriver: string;
  miniBrowser: string;
  xvfb: string;
}

export const ENGINE_PACKAGES = {
  chromium: 'apt-get install -y chromium fonts-noto-cjk',
  firefox: 'apt-get install -y firefox-esr fonts-noto-cjk',
  webkit: 'apt-get install -y webkit2gtk-driver xvfb fonts-noto-cjk',
} as const;

/** Debian puts MiniBrowser (the browser WebKitWebDriver starts) under /usr/lib/<arch>/webkit2gtk-4.x/. */
function findMiniBrowser(): string | undefined {
  if (process.env.MINIBROWSER_PATH) return process.env.MINIBROWSER_PATH;
  for (const lib of ['/usr/lib', '/usr/libexec']) {
    let entries: string[] = [];
    try {
      entries = readdirSync(lib);
    } catch {
      continue;
    }
    for (const arch of entries) {
      for (const version of ['webkit2gtk-4.1', 'webkit2gtk-4.0', 'webkitgtk-6.0']) {
        const path = join(lib, arch, version, 'MiniBrowser');
        if (existsSync(path)) return path;
      }
    }
  }
  return undefined;
}

/** Each program's path, or the list of what is missing with the command that installs it. */
export function findEnginePaths(): { paths: Partial<EnginePaths>; missing: string[] } {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const firefox = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
  const webkitDriver = process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver';
  const xvfb = '/usr/bin/Xvfb';
  const miniBrowser = findMiniBrowser();
  const missing: string[] = [];
  const paths: Partial<EnginePaths> = {};
  const check = (key: keyof EnginePaths, path: string | undefined, what: string, install: string) => {
    if (path && existsSync(path)) paths[key] = path;
    else missing.push(`${what} not found${path ? ` at ${path}` : ''}: install it: ${install}`);
  };
  check('chromium', chromium, 'Chromium', ENGINE_PACKAGES.chromium);
  check('firefox', firefox, 'Firefox ESR', ENGINE_PACKAGES.firefox);
  check('webkitDriver', webkitDriver, 'WebKitWebDriver', ENGINE_PACKAGES.webkit);
  check('miniBrowser', miniBrowser, "WebKitGTK's MiniBrowser", ENGINE_PACKAGES.webkit);
  check('xvfb', xvfb, 'Xvfb', ENGINE_PACKAGES.webkit);
  return { paths, missing };
}

export function enginePaths(): EnginePaths {
  const { paths, missing } = findEnginePaths();
  if (missing.length) throw new Error(missing.join('\n'));
  return paths as EnginePaths;
}
