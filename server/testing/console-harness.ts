/**
 * For the console's tests: createConsoleApp on a test database with a clock the test moves, an operator of the
 * given role (added as `npm run admin -- operator add` adds one) signed in through the real POST /console/api/login,
 * and `call(method, path, body?)` that sends the session cookie, a same-origin Origin and the CSRF token.
 *
 *   const console = await consoleHarness(db, { role: 'support' });
 *   const found = await console.call('GET', '/users?q=5678');
 */
import type { OperatorRole } from '../../shared/contract/console';
import { readSettings } from '../config/settings';
import { createConsoleApp } from '../console/app';
import type { ConsoleDeps } from '../console/deps';
import { addOperator, totpCode, totpStep } from '../console/operators';
import type { Database } from '../db/database';
import { createRateLimiter } from '../limits/rate-limiter';

export const CONSOLE_START = new Date('2026-11-21T12:00:00Z');
export const CONSOLE_HOST = 'localhost:3032';
export const CONSOLE_ORIGIN = `http://${CONSOLE_HOST}`;
export const OPERATOR_PASSWORD = 'a long operator passphrase';

export interface ConsoleAnswer<T = unknown> {
  status: number;
  /** The parsed JSON envelope (`{}` for an empty or non-JSON answer). */
  body: { code: number; message: string; data?: T };
  /** The answer's bytes as text, for assertions on what never appears. */
  text: string;
  headers: Headers;
}

export interface ConsoleCallOptions {
  /** Another cookie header (`null`: none). */
  cookie?: string | null;
  /** Another Origin (`null`: none); by default CONSOLE_PUBLIC_URL when set, else CONSOLE_ORIGIN. */
  origin?: string | null;
  /** Another X-CSRF-Token (`null`: none). */
  csrf?: string | null;
  ip?: string;
  lang?: 'zh' | 'en';
  headers?: Record<string, string>;
  /** A raw body sent as it is (JSON content type unless headers say otherwise). */
  raw?: string;
}

export interface ConsoleHarnessOptions {
  role?: OperatorRole;
  name?: string;
  /** More settings, as environment variables (e.g. TRUST_PROXY, CONSOLE_PUBLIC_URL). */
  env?: Record<string, string>;
  /** Add the operator but do not sign in. */
  signedOut?: boolean;
  /** More of the console's dependencies (a module's own, once ConsoleDeps has them). */
  deps?: Partial<ConsoleDeps>;
  /** The clock's start (default CONSOLE_START). */
  start?: Date;
}

export async function consoleHarness(db: Database, options: ConsoleHarnessOptions = {}) {
  let now = new Date(options.start ?? CONSOLE_START);
  const settings = readSettings({ NODE_ENV: 'development', CONSOLE_PORT: '3032', ...options.env });
  const deps: ConsoleDeps = { db, settings, now: () => now, limiter: createRateLimiter(), ...options.deps };
  const app = createConsoleApp(deps);
  const name = options.name ?? `${options.role ?? 'owner'}-op`;
  const role = options.role ?? 'owner';
  const added = await addOperator(db, { name, role, password: OPERATOR_PASSWORD }, now);
  const operator = { id: added.id, name, role, password: OPERATOR_PASSWORD, secret: added.secret, uri: added.uri };
  const session = { cookie: null as string | null, csrfToken: null as string | null };

  async function call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    opts: ConsoleCallOptions = {},
  ): Promise<ConsoleAnswer<T>> {
    const url = path.startsWith('/console/') || !path.startsWith('/') ? path : `/console/api${path}`;
    const headers: Record<string, string> = { host: CONSOLE_HOST, 'accept-language': opts.lang ?? 'zh-CN' };
    const cookie = opts.cookie === undefined ? session.cookie : opts.cookie;
    if (cookie) headers.cookie = cookie;
    if (method !== 'GET' && method !== 'HEAD') {
      const origin = opts.origin === undefined ? (settings.console?.publicUrl ?? CONSOLE_ORIGIN) : opts.origin;
      if (origin) headers.origin = origin;
      const csrf = opts.csrf === undefined ? session.csrfToken : opts.csrf;
      if (csrf) headers['x-csrf-token'] = csrf;
    }
    let payload: string | undefined;
    if (opts.raw !== undefined || body !== undefined) {
      payload = opts.raw ?? JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, opts.headers);
    const env = { incoming: { socket: { remoteAddress: opts.ip ?? '198.51.100.7', localPort: 3032 } } };
    const res = await app.request(`http://${CONSOLE_HOST}${url}`, { method, headers, body: payload }, env);
    const text = await res.text();
    let parsed = {} as ConsoleAnswer<T>['body'];
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (a page, a CSV): `text` has it.
    }
    return { status: res.status, body: parsed, text, headers: res.headers };
  }

  /** The operator's current TOTP code (a code works once: move the clock 30 s for another sign-in). */
  const code = (at: Date = now) => totpCode(operator.secret, at);

  /** Signs in through POST /login and keeps the cookie and CSRF token for the next calls. */
  async function signIn(opts: { ip?: string; name?: string; password?: string; totp?: string } = {}) {
    const answer = await call<{ csrfToken: string }>(
      'POST',
      '/login',
      { name: opts.name ?? name, password: opts.password ?? OPERATOR_PASSWORD, totp: opts.totp ?? code() },
      { cookie: null, csrf: null, ip: opts.ip },
    );
    const setCookie = answer.headers.get('set-cookie');
    if (answer.status === 200 && setCookie) {
      session.cookie = setCookie.split(';')[0];
      session.csrfToken = answer.body.data?.csrfToken ?? null;
    }
    return answer;
  }

  if (!options.signedOut) {
    const answer = await signIn();
    if (answer.status !== 200) throw new Error(`The harness could not sign in: ${answer.text}`);
  }

  return {
    app,
    deps,
    operator,
    session,
    call,
    signIn,
    code,
    /** The clock: read it, set it, or move it by milliseconds. */
    now: () => now,
    setNow: (at: Date) => {
      now = new Date(at);
    },
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    /** Moves the clock to the start of the next TOTP step (a fresh code). */
    nextStep: () => {
      now = new Date((totpStep(now) + 1) * 30_000);
    },
  };
}

export type ConsoleHarness = Awaited<ReturnType<typeof consoleHarness>>;
