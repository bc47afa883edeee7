/** Chromium through playwright-core (Debian's /usr/bin/chromium, the flags of e2e/support/browser.ts). */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../support/browser';
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

export class ChromiumPage implements EnginePage {
  readonly engine = 'chromium' as const;
  private native: string[] = [];

  constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly device: OpenOptions['device'],
  ) {
    page.on('console', (message) => {
      if (message.type() === 'error') this.native.push(`console.error: ${message.text()} (page ${page.url()})`);
    });
    page.on('pageerror', (error) => this.native.push(`page error: ${error.message} (page ${page.url()})`));
  }

  async goto(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: 'load', timeout: 60_000 });
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
    await this.page.mouse.wheel(0, dy);
  }

  async problems(): Promise<string[]> {
    // Console errors and uncaught errors from the engine itself; CSP violations from the page's events.
    const csp = (await this.evaluate(readRecordedProblems).catch(() => [] as string[])).filter((p) =>
      p.startsWith('CSP'),
    );
    return [...this.native, ...csp];
  }

  async clearProblems(): Promise<void> {
    this.native = [];
    await this.evaluate(clearRecordedProblems).catch(() => {});
  }

  screenshot(): Promise<Buffer> {
    return this.page.screenshot();
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => {});
  }
}

export async function launchChromium(): Promise<Engine> {
  const browser: Browser = await chromium.launch({ executablePath: enginePaths().chromium, args: CHROMIUM_ARGS });
  return {
    name: 'chromium',
    touch: true,
    async open({ device, script = true, userAgent }) {
      const phone = device === 'phone';
      const context = await browser.newContext({
        viewport: VIEWPORTS[device],
        javaScriptEnabled: script,
        // Chinese, the site's default: / would send an English browser to /en.
        locale: 'zh-CN',
        ...(phone ? { isMobile: true, hasTouch: true, userAgent: PHONE_USER_AGENT } : {}),
        ...(userAgent ? { userAgent } : {}),
      });
      await context.addInitScript(scriptFor(installProblemRecorder, undefined));
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      return new ChromiumPage(context, page, device);
    },
    close: () => browser.close(),
  };
}
