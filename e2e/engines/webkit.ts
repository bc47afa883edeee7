/**
 * WebKitGTK through Debian's WebKitWebDriver (webdriverio, classic WebDriver: this driver has no BiDi and no
 * log endpoint) on an Xvfb display of its own. WebKitWebDriver runs one session at a time, so each page is a
 * session of its own (a new MiniBrowser with an ephemeral profile, about a second): that is also how a phone
 * gets its user agent (MiniBrowser's --user-agent).
 *
 * Problems: classic WebDriver cannot run a script before the page's own, so the recorder of engine.ts is
 * installed after each load and before each press, and `consoleAtLoad` loads pages in a plain MiniBrowser that
 * writes its console (the engine's own messages, such as a CSP directive it rejects) to stdout.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { remote } from 'webdriverio';
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

type Session = WebdriverIO.Browser;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An X display: E2E_DISPLAY's number when set (an Xvfb is started on it), else one Xvfb picks (-displayfd). */
async function startXvfb(xvfb: string): Promise<{ display: string; process: ChildProcess }> {
  const wanted = process.env.E2E_DISPLAY?.replace(/^:/, '');
  const args = ['-screen', '0', '1600x1000x24', '-nolisten', 'tcp'];
  const child = wanted
    ? spawn(xvfb, [`:${wanted}`, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    : spawn(xvfb, ['-displayfd', '1', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (data: Buffer) => {
    errors += data;
  });
  const display = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Xvfb did not start: ${errors}`)), 10_000);
    child.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}: ${errors}`)));
    if (wanted) {
      // Xvfb has no ready signal on a fixed display: give it a moment, then check it still runs.
      setTimeout(() => {
        clearTimeout(timer);
        resolve(`:${wanted}`);
      }, 500);
    } else {
      child.stdout?.once('data', (data: Buffer) => {
        clearTimeout(timer);
        resolve(`:${String(data).trim()}`);
      });
    }
  });
  child.removeAllListeners('exit');
  return { display, process: child };
}

class WebKitPage implements EnginePage {
  readonly engine = 'webkit' as const;

  constructor(
    readonly session: Session,
    readonly device: OpenOptions['device'],
  ) {}

  private async recorder(): Promise<void> {
    await this.evaluate(installProblemRecorder).catch(() => {});
  }

  async goto(url: string): Promise<void> {
    await this.session.url(url);
    await this.recorder();
  }

  url(): Promise<string> {
    return this.session.getUrl();
  }

  async evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    const script = scriptFor(fn, arg as A);
    const result = (await this.session.executeAsync(
      `const done = arguments[arguments.length - 1];
       Promise.resolve().then(() => ${script}).then((value) => done({ value }), (error) => done({ error: String(error && error.stack || error) }));`,
    )) as { value?: R; error?: string };
    if (result && 'error' in result && result.error) throw new Error(`evaluate: ${result.error}`);
    return result?.value as R;
  }

  async press(target: TargetLike, { scroll = true } = {}): Promise<void> {
    await this.recorder();
    const point = await locate(this, target, scroll);
    const pointerType = this.device === 'phone' ? 'touch' : 'mouse';
    await this.session
      .action('pointer', { parameters: { pointerType } })
      .move({ x: point.x, y: point.y, origin: 'viewport', duration: 0 })
      .down({ button: 0 })
      .up({ button: 0 })
      .perform();
  }

  async hover(x: number, y: number): Promise<void> {
    await this.session.action('pointer').move({ x, y, origin: 'viewport', duration: 0 }).perform(true);
  }

  async type(text: string, delayMs: number): Promise<void> {
    // One action sequence: the driver keeps the pace between keys, with no round trip per key.
    let chain = this.session.action('key');
    for (const [index, char] of [...text].entries()) {
      chain = chain.down(char).up(char);
      if (delayMs > 0 && index < text.length - 1) chain = chain.pause(delayMs);
    }
    await chain.perform();
  }

  async key(name: 'Escape' | 'Enter' | 'Tab'): Promise<void> {
    const code = { Escape: '\uE00C', Enter: '\uE007', Tab: '\uE004' }[name];
    await this.session.action('key').down(code).up(code).perform();
  }

  async wheel(dy: number): Promise<void> {
    const before = await this.evaluate(() => scrollY);
    await this.session
      .action('wheel')
      .scroll({ x: 200, y: 200, deltaX: 0, deltaY: dy, duration: 100 })
      .perform()
      .catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    // WebKitGTK's driver may take the wheel action without scrolling (under Xvfb): then the page is scrolled by
    // script, which, like a wheel, is no interaction the page could hydrate on.
    if ((await this.evaluate(() => scrollY)) === before) await this.evaluate((y) => scrollBy(0, y), dy);
  }

  async problems(): Promise<string[]> {
    await this.recorder();
    return this.evaluate(readRecordedProblems).catch(() => []);
  }

  async clearProblems(): Promise<void> {
    await this.evaluate(clearRecordedProblems).catch(() => {});
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.session.takeScreenshot(), 'base64');
  }

  async close(): Promise<void> {
    await this.session.deleteSession().catch(() => {});
  }
}

export interface WebKitEngine extends Engine {
  /**
   * Loads each URL in a plain MiniBrowser (no automation) that writes the engine's console to stdout, and
   * returns its error lines ("CONSOLE SECURITY ERROR …", "CONSOLE ERROR …"): what classic WebDriver cannot read.
   */
  consoleAtLoad(urls: string[], device: OpenOptions['device']): Promise<string[]>;
}

export async function launchWebKit(): Promise<WebKitEngine> {
  const paths = enginePaths();
  const xvfb = await startXvfb(paths.xvfb);
  const port = Number(process.env.E2E_WEBDRIVER_PORT) || (await freePort());
  // Chinese, the site's default (WebKitGTK takes Accept-Language from LANGUAGE): / would send English to /en.
  const env = { ...process.env, DISPLAY: xvfb.display, LANGUAGE: 'zh_CN:zh' };
  const driver = spawn(paths.webkitDriver, [`--port=${port}`], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let driverErrors = '';
  driver.stderr?.on('data', (data: Buffer) => {
    driverErrors += data;
  });
  await wait(300);
  if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited at once: ${driverErrors}`);

  const stop = async () => {
    driver.kill();
    xvfb.process.kill();
  };
  // An interrupted run must not leave the driver, its browser or the X server behind.
  process.once('exit', () => {
    driver.kill();
    xvfb.process.kill();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      driver.kill();
      xvfb.process.kill();
      process.exit(130);
    });

  return {
    name: 'webkit',
    // WebKitGTK takes touch actions but the page gets mouse-compatible events only (no touch screen).
    touch: false,
    async open({ device, script = true, userAgent }) {
      const phone = device === 'phone';
      const session = await remote({
        hostname: '127.0.0.1',
        port,
        path: '/',
        logLevel: 'error',
        connectionRetryCount: 1,
        capabilities: {
          browserName: 'MiniBrowser',
          // WebKitWebDriver has no BiDi: a webSocketUrl request (webdriverio's default) fails the session.
          'wdio:enforceWebDriverClassic': true,
          'webkitgtk:browserOptions': {
            binary: paths.miniBrowser,
            args: [
              '--automation',
              ...(phone || userAgent ? [`--user-agent=${userAgent ?? PHONE_USER_AGENT}`] : []),
              // The page's scripts (markup) off; WebDriver's own scripts still run.
              ...(script ? [] : ['--enable-javascript-markup=false']),
            ],
          },
        } as WebdriverIO.Capabilities,
      });
      // The window's chrome takes some height: size the window so the page gets the viewport asked for.
      const viewport = VIEWPORTS[device];
      await session.setWindowSize(viewport.width, viewport.height);
      const inner = (await session.execute('return [innerWidth, innerHeight]')) as [number, number];
      await session.setWindowSize(viewport.width, viewport.height + (viewport.height - inner[1]));
      return new WebKitPage(session, device);
    },
    async consoleAtLoad(urls, device) {
      // A profile of its own, so nothing of the developer's MiniBrowser (cookies, cache) changes the pages.
      const home = mkdtempSync(join(tmpdir(), 'webkit-console-'));
      const loadOne = async (url: string): Promise<string[]> => {
        // --exit-after-load quits once the page has loaded; the console (stdout or stderr, depending on the
        // message) is written by then. (--private would silence it.) A page still loading after 8 s is stopped.
        const child = spawn(
          paths.miniBrowser,
          [
            '--exit-after-load',
            '--enable-write-console-messages-to-stdout=true',
            ...(device === 'phone' ? [`--user-agent=${PHONE_USER_AGENT}`] : []),
            url,
          ],
          {
            env: { ...env, XDG_DATA_HOME: home, XDG_CACHE_HOME: home, XDG_CONFIG_HOME: home },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        let output = '';
        const collect = (data: Buffer) => {
          output += data;
        };
        child.stdout?.on('data', collect);
        child.stderr?.on('data', collect);
        const timer = setTimeout(() => child.kill(), 8000);
        await new Promise((resolve) => child.once('exit', resolve));
        clearTimeout(timer);
        return output
          .split('\n')
          .filter((line) => /CONSOLE .*ERROR/.test(line))
          .map((line) => `${line.trim()} (page ${new URL(url).pathname})`);
      };
      const lines: string[] = [];
      try {
        // Three at a time: a MiniBrowser is mostly waiting for its page.
        for (let i = 0; i < urls.length; i += 3)
          for (const found of await Promise.all(urls.slice(i, i + 3).map(loadOne))) lines.push(...found);
      } finally {
        // Its web process may still be writing its shader cache: best effort.
        try {
          rmSync(home, { recursive: true, force: true, maxRetries: 3 });
        } catch {
          // Left to the system's temporary-file cleaning.
        }
      }
      return lines;
    },
    close: stop,
  };
}
