/** Firefox ESR through puppeteer-core over WebDriver BiDi (Debian's /usr/bin/firefox-esr). */
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import {
  clearRecordedProblems,
  type Engine,
  type EnginePage,
  installProblemRecorder,
  locate,
  type OpenOptions,
  PHONE_USER_AGENT,
  readRecordedProblems,
  scriptFor,
  type TargetLike,
  VIEWPORTS,
} from './engine';
import { enginePaths } from './paths';

class FirefoxPage implements EnginePage {
  readonly engine = 'firefox' as const;
  private native: string[] = [];

  constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly device: OpenOptions['device'],
  ) {
    page.on('console', (message) => {
      if (message.type() === 'error') this.native.push(`console.error: ${message.text()} (page ${page.url()})`);
    });
    // Firefox reports CSP refusals as page errors too ("Content-Security-Policy: The page's settings blocked …").
    page.on('pageerror', (error) =>
      this.native.push(`page error: ${error instanceof Error ? error.message : String(error)} (page ${page.url()})`),
    );
  }

  async goto(url: string): Promise<void> {
    try {
      await this.page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    } catch (error) {
      // The page's own navigation (a redirect it started) cancelled this one: the test's load goes again once.
      if (!String(error).includes('NS_BINDING_ABORTED')) throw error;
      await this.page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    }
  }

  async url(): Promise<string> {
    return this.page.url();
  }

  async evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    return (await this.page.evaluate(scriptFor(fn, arg as A))) as R;
  }

  async press(target: TargetLike, { scroll = true } = {}): Promise<void> {
    const point = await locate(this, target, scroll);
    if (this.device === 'phone') await this.page.touchscreen.tap(point.x, point.y);
    else await this.page.mouse.click(point.x, point.y);
  }

  async hover(x: number, y: number): Promise<void> {
    await this.page.mouse.move(x, y);
  }

  async type(text: string, delayMs: number): Promise<void> {
    await this.page.keyboard.type(text, { delay: delayMs });
  }

  async key(name: 'Escape' | 'Enter' | 'Tab'): Promise<void> {
    await this.page.keyboard.press(name);
  }

  async wheel(dy: number): Promise<void> {
    await this.page.mouse.wheel({ deltaY: dy });
  }

  async problems(): Promise<string[]> {
    const recorded = await this.evaluate(readRecordedProblems).catch(() => [] as string[]);
    const csp = recorded.filter((p) => p.startsWith('CSP'));
    // Over BiDi an Error argument arrives without its text ("JSHandle@error") and its object cannot be read back;
    // the page's own recorder (installProblemRecorder) kept its message and stack, so those go with the report.
    const untold = this.native.some((line) => line.startsWith('console.error:') && line.includes('JSHandle@'));
    const told = untold ? recorded.filter((p) => p.startsWith('console.error:')).map((p) => `(in the page) ${p}`) : [];
    return [...this.native, ...told, ...csp];
  }

  async clearProblems(): Promise<void> {
    this.native = [];
    await this.evaluate(clearRecordedProblems).catch(() => {});
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.page.screenshot());
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => {});
  }
}

/** Firefox with the options of the journeys; `script: false` turns the pages' scripts off for the whole browser. */
function launchBrowser(script: boolean): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: enginePaths().firefox,
    headless: true,
    // Chinese, the site's default: / would send an English browser to /en.
    extraPrefsFirefox: { 'intl.accept_languages': 'zh-CN, zh', ...(script ? {} : { 'javascript.enabled': false }) },
  });
}

export async function launchFirefox(): Promise<Engine> {
  const browser: Browser = await launchBrowser(true);
  // Firefox ESR's BiDi has no per-page switch for scripts (emulation.setScriptingEnabled): pages without script
  // open in a second browser, started when first needed, whose pages' scripts are off by preference.
  let scriptless: Promise<Browser> | undefined;
  return {
    name: 'firefox',
    // Taps go out as BiDi touch input; the page does not see a touch screen ('ontouchstart' is absent).
    touch: true,
    async open({ device, script = true, userAgent }) {
      scriptless ??= script ? undefined : launchBrowser(false);
      const context = await (script ? browser : await (scriptless as Promise<Browser>)).createBrowserContext();
      const page = await context.newPage();
      const phone = device === 'phone';
      await page.setViewport({ ...VIEWPORTS[device], ...(phone ? { isMobile: true, hasTouch: true } : {}) });
      if (phone || userAgent) await page.setUserAgent(userAgent ?? PHONE_USER_AGENT);
      await page.evaluateOnNewDocument(scriptFor(installProblemRecorder, undefined));
      page.setDefaultTimeout(10_000);
      return new FirefoxPage(context, page, device);
    },
    close: async () => {
      await Promise.all([browser.close(), scriptless?.then((other) => other.close())]);
    },
  };
}
