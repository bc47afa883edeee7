/**
 * One Chromium per spec file (launched in `before`, closed in `after`) and a fresh context per test, since
 * axe and the storage checks need isolated contexts. `pageTest` wraps a test body with the page, the errors
 * it logged and a screenshot into e2e/artifacts/ when the test fails.
 */
import { after, afterEach, before, type TestContext, test } from 'node:test';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { ensureBrowser } from '../../scripts/ensure-browser';
import { saveFailureScreenshot } from './artifacts';
import { type ErrorLog, takeCspViolations, unexpectedErrors, watchCspViolations, watchErrors } from './diagnostics';
import { BASE_URL } from './env';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * tsx compiles with esbuild's keepNames, which wraps named inner functions in `__name(...)`; a function sent
 * to the page (evaluate, addInitScript) then fails with "__name is not defined" unless the page has it.
 */
export const KEEP_NAMES_SHIM = { content: 'globalThis.__name = globalThis.__name || ((fn) => fn);' };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureBrowser(), args: CHROMIUM_ARGS });
}

/** Desktop defaults: the site's minimum page width is 1430 px, and Chinese unless a test says otherwise. */
export const DESKTOP: BrowserContextOptions = {
  viewport: { width: 1440, height: 900 },
  locale: 'zh-CN',
  baseURL: BASE_URL,
};

/** Registers the file's browser hooks; the returned getter gives the browser inside tests. */
export function browserForThisFile(): () => Browser {
  let browser: Browser | undefined;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  // Any Content-Security-Policy violation fails the test that caused it, whatever the test checks itself.
  afterEach(() => {
    const violations = takeCspViolations();
    if (violations.length) throw new Error(`Content-Security-Policy violations:\n  ${violations.join('\n  ')}`);
  });
  return () => {
    if (!browser) throw new Error('The browser is not launched yet (use it inside a test).');
    return browser;
  };
}

export interface PageSession {
  context: BrowserContext;
  page: Page;
  errors: ErrorLog;
}

export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<PageSession> {
  const context = await browser.newContext({ ...DESKTOP, ...options });
  await context.addInitScript(KEEP_NAMES_SHIM);
  await watchCspViolations(context);
  context.setDefaultTimeout(5_000);
  context.setDefaultNavigationTimeout(20_000);
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

/**
 * Runs `body` with a fresh page; fails when the page logged a console error or threw (beyond the reviewed
 * ALLOWED_ERRORS and the test's own `allowErrors`); on failure saves a screenshot named after the test, then
 * rethrows.
 */
export async function withPage<T>(
  t: TestContext,
  browser: Browser,
  options: BrowserContextOptions,
  body: (session: PageSession) => Promise<T>,
  allowErrors: RegExp[] = [],
): Promise<T> {
  const session = await openPage(browser, options);
  try {
    const result = await body(session);
    const unexpected = unexpectedErrors(session.errors, allowErrors);
    if (unexpected.length) throw new Error(`The page logged errors:\n  ${unexpected.join('\n  ')}`);
    return result;
  } catch (error) {
    await saveFailureScreenshot(session.page, t.name);
    const logged = session.errors.list();
    if (logged.length && error instanceof Error) error.message += `\nBrowser errors so far:\n  ${logged.join('\n  ')}`;
    throw error;
  } finally {
    await session.context.close().catch(() => {});
  }
}

/**
 * `test` with a page from a new context of the file's browser. `allowErrors`: console lines the test provokes
 * on purpose (a 404 page's own status), beyond the reviewed list in diagnostics.ts.
 */
export function pageTest(
  name: string,
  getBrowser: () => Browser,
  body: (session: PageSession, t: TestContext) => Promise<void>,
  options: BrowserContextOptions = {},
  allowErrors: RegExp[] = [],
) {
  test(name, (t) => withPage(t, getBrowser(), options, (session) => body(session, t), allowErrors));
}
