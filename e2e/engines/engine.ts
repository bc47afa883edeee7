/**
 * One small page interface over three browser engines, so a journey is written once and runs in Chromium
 * (playwright-core), Firefox ESR (puppeteer-core over WebDriver BiDi) and WebKitGTK (webdriverio with
 * WebKitWebDriver under Xvfb). See docs/decisions/027-three-engine-journeys.md.
 *
 * Elements are found by CSS selector and, optionally, by their visible text (`Target`), inside the page, and
 * pressed at their centre with the engine's own pointer (a touch where the engine has one), so every engine
 * gets the same real input events in the same order.
 */

export type EngineName = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

export type Device = 'desktop' | 'phone';

/** An element: the first visible one matching `css` whose text (or aria-label/title) contains `text`. */
export interface Target {
  css: string;
  text?: string;
  /** Exact text instead of "contains". */
  exact?: boolean;
}

export type TargetLike = string | Target;

export interface OpenOptions {
  device: Device;
  /**
   * False: the page's own scripts never run (the test's evaluate still does). Chromium: the context's
   * `javaScriptEnabled: false`; Firefox: puppeteer's `setJavaScriptEnabled(false)` (BiDi
   * `emulation.setScriptingEnabled`); WebKitGTK: MiniBrowser's `--enable-javascript-markup=false`.
   */
  script?: boolean;
  /** Another user agent than the device's (a phone's default: PHONE_USER_AGENT), say WeChat's own browser. */
  userAgent?: string;
}

export interface EnginePage {
  readonly engine: EngineName;
  readonly device: Device;
  /** Loads `url` and resolves once its load event fired. */
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** Presses `target` at its centre: a touch tap on a phone where the engine has touch, else a mouse click. */
  press(target: TargetLike, options?: { scroll?: boolean }): Promise<void>;
  /** Moves the mouse over a point of the viewport (desktop; a phone has no hover). */
  hover(x: number, y: number): Promise<void>;
  /** Types `text` into the focused element, `delayMs` between keys, starting at once. */
  type(text: string, delayMs: number): Promise<void>;
  /** Presses one key (WebDriver/Playwright key names: 'Escape', 'Enter'). */
  key(name: 'Escape' | 'Enter' | 'Tab'): Promise<void>;
  /** Scrolls the page with the mouse wheel (desktop) by `dy` CSS pixels, as a visitor would. */
  wheel(dy: number): Promise<void>;
  /**
   * Runs `fn(arg)` in the page and returns its (JSON) result; `fn` must use nothing from outside, since it is
   * sent as text.
   */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  /** Console errors, uncaught errors and CSP violations since the page opened (or the last `clearProblems`). */
  problems(): Promise<string[]>;
  clearProblems(): Promise<void>;
  /** A PNG of the viewport (for a failing journey). */
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

export interface Engine {
  readonly name: EngineName;
  /** Whether taps are real touch events in this engine (else a mouse click stands in). */
  readonly touch: boolean;
  /** A fresh page in a fresh context (its own cookies and storage). */
  open(options: OpenOptions): Promise<EnginePage>;
  close(): Promise<void>;
}

export const VIEWPORTS: Record<Device, { width: number; height: number }> = {
  // The site's minimum page width is 1430 px.
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
};

export const PHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export function toTarget(target: TargetLike): Target {
  return typeof target === 'string' ? { css: target } : target;
}

/**
 * Finds `target` in the page, retrying for up to `timeout` ms while it is not there yet (a control the app
 * renders after mount), as a visitor waits for what they want to press.
 */
export async function locate(
  page: Pick<EnginePage, 'evaluate'>,
  target: TargetLike,
  scroll: boolean,
  timeout = 5000,
): Promise<{ x: number; y: number }> {
  const deadline = Date.now() + timeout;
  let previous: { x: number; y: number } | undefined;
  for (;;) {
    const point = await page.evaluate(locateInPage, { target: toTarget(target), scroll });
    if (!('error' in point)) {
      // Pressed where it has settled, as a person would: a dialog still opening (or re-laid out when its
      // messages arrive) moves its buttons, and a press at the old place lands beside them.
      if (previous && previous.x === point.x && previous.y === point.y) return point;
      if (Date.now() > deadline) return point;
      previous = point;
    } else if (Date.now() > deadline) throw new Error(`press: ${point.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Wraps `fn` so it can be sent as text: tsx compiles with esbuild's keepNames, which may wrap inner functions
 * in `__name(...)`, a helper the page does not have.
 */
export function scriptFor<A>(fn: (arg: A) => unknown, arg: A): string {
  return `((__name) => (${fn.toString()})(${JSON.stringify(arg ?? null)}))((f) => f)`;
}

/**
 * Finds a target in the page: its centre in viewport pixels after scrolling it into view (unless `scroll` is
 * false), or an error message naming what was looked for.
 */
export function locateInPage(arg: { target: Target; scroll: boolean }): { x: number; y: number } | { error: string } {
  const { target, scroll } = arg;
  const normal = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const candidates = Array.from(document.querySelectorAll(target.css)) as HTMLElement[];
  const visible = candidates.filter((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const style = getComputedStyle(element);
    return style.visibility !== 'hidden' && style.display !== 'none';
  });
  const matching = visible.filter((element) => {
    if (target.text === undefined) return true;
    const names = [normal(element.textContent), normal(element.getAttribute('aria-label')), normal(element.title)];
    return names.some((name) => (target.exact ? name === target.text : name.includes(target.text as string)));
  });
  const element = matching[0];
  if (!element)
    return {
      error: `no visible ${target.css}${target.text === undefined ? '' : ` with text "${target.text}"`} (${candidates.length} match the selector, ${visible.length} visible)`,
    };
  if (scroll) {
    const box = element.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight || box.left < 0 || box.right > innerWidth)
      element.scrollIntoView({ block: 'center', inline: 'center' });
  }
  const box = element.getBoundingClientRect();
  return { x: Math.round(box.left + box.width / 2), y: Math.round(box.top + box.height / 2) };
}

/**
 * What every page records of its own problems (console.error, uncaught errors, rejected promises and CSP
 * violations), kept in sessionStorage so a page that navigates keeps what the last page saw. Installed before
 * the page's scripts where the engine allows (Chromium, Firefox), after load where it does not (WebKit).
 */
export function installProblemRecorder(): void {
  const w = window as unknown as { __e2eRecorder?: boolean };
  if (w.__e2eRecorder) return;
  w.__e2eRecorder = true;
  const KEY = '__e2e_problems';
  const push = (text: string) => {
    try {
      const list = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as string[];
      list.push(`${text} (page ${location.pathname})`);
      sessionStorage.setItem(KEY, JSON.stringify(list));
    } catch {
      // Storage unavailable (an opaque origin): nothing to record there.
    }
  };
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    // An Error as its name, message and where it was thrown: a driver may report it without any text.
    const text = (a: unknown) =>
      a instanceof Error
        ? `${a.name}: ${a.message}${a.stack ? ` [at ${a.stack.trim().split('\n').slice(0, 12).join(' | ')}]` : ''}`
        : String(a);
    push(`console.error: ${args.map(text).join(' ')}`);
    original(...args);
  };
  addEventListener('error', (event) => {
    if (event instanceof ErrorEvent) push(`page error: ${event.message} (${event.filename}:${event.lineno})`);
  });
  addEventListener('unhandledrejection', (event) => push(`unhandled rejection: ${String(event.reason)}`));
  document.addEventListener(
    'securitypolicyviolation',
    (event) =>
      push(
        `CSP ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} in ${event.sourceFile}:${event.lineNumber}`,
      ),
    true,
  );
}

export function readRecordedProblems(): string[] {
  try {
    return JSON.parse(sessionStorage.getItem('__e2e_problems') ?? '[]') as string[];
  } catch {
    return [];
  }
}

export function clearRecordedProblems(): void {
  try {
    sessionStorage.removeItem('__e2e_problems');
  } catch {
    // See installProblemRecorder.
  }
}
