/** Collects what a page reports as broken: console errors (hydration mismatches, failed loads) and uncaught errors. */
import type { BrowserContext, Page } from 'playwright-core';

/**
 * The console lines a browser test may see without failing: reviewed, each with its reason. Anything else a
 * page logs as an error, and every uncaught error, fails the test (`withPage`); a test that provokes another
 * line on purpose names it in its own `allowErrors`.
 */
export const ALLOWED_ERRORS: { line: RegExp; reason: string }[] = [
  {
    // Chromium logs every API answer that is not 2xx; the refusals (a wrong password 400, a 401 after logout,
    // a 429 limit) are answers the app shows to the visitor, which the tests provoke and check.
    line: /^console\.error: Failed to load resource: the server responded with a status of 4\d\d \([^)]*\) \(https?:\/\/[^/]+\/api\//,
    reason: 'an API refusal the app handles',
  },
  {
    // The status of a missing page itself (an address without a file extension), which tests visit on purpose;
    // a missing file (a script, an image) still fails.
    line: /^console\.error: Failed to load resource: the server responded with a status of 404 \([^)]*\) \(https?:\/\/[^/]+(\/[^/.?#]*)*(\?[^)]*)?\)$/,
    reason: "a 404 page's own status",
  },
  {
    // Chromium ignores (and logs) the Cross-Origin-Opener-Policy header over plain HTTP on an address that is not
    // localhost: the phone tests open the WeChat pages on a LAN address, as a phone would; production is HTTPS.
    line: /^console\.error: The Cross-Origin-Opener-Policy header has been ignored, because the URL's origin was untrustworthy\./,
    reason: 'the security header on the test LAN address over HTTP',
  },
];

/** The lines of `log` neither the reviewed list nor the test's own `allowed` expects. */
export function unexpectedErrors(log: ErrorLog, allowed: RegExp[] = []): string[] {
  return log
    .list()
    .filter((line) => !ALLOWED_ERRORS.some((entry) => entry.line.test(line)) && !allowed.some((re) => re.test(line)));
}

export interface ErrorLog {
  list(): string[];
  clear(): void;
}

export function watchErrors(page: Page): ErrorLog {
  let entries: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url, lineNumber } = message.location();
    entries.push(`console.error: ${message.text()}${url ? ` (${url}${lineNumber ? `:${lineNumber}` : ''})` : ''}`);
  });
  page.on('pageerror', (error) => entries.push(`page error: ${error.message}`));
  return {
    list: () => [...entries],
    clear: () => {
      entries = [];
    },
  };
}

/**
 * Content-Security-Policy violations of every page of every context opened through `openPage` since the last
 * `takeCspViolations()`: the page's `securitypolicyviolation` events (reported through a binding) and
 * Chromium's "Refused to …" console lines. `browserForThisFile` fails the test that caused any.
 */
const cspViolations: string[] = [];

export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

export async function watchCspViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
    cspViolations.push(`${text} (page ${page?.url()})`);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
        report?.(
          `CSP ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} in ${event.sourceFile}:${event.lineNumber}` +
            (event.sample ? ` "${event.sample}"` : ''),
        );
      },
      true,
    );
  });
  const onPage = (page: Page) =>
    page.on('console', (message) => {
      const text = message.text();
      if (/^Refused to |Content Security Policy/.test(text))
        cspViolations.push(`console: ${text} (page ${page.url()})`);
    });
  for (const page of context.pages()) onPage(page);
  context.on('page', onPage);
}
