/**
 * The operator's console on its own listener (CONSOLE_PORT; docs/decisions/046-operators-console.md): the portal's
 * request log, security headers and body limit; under /console/api its OpenAPI document and the sign-in, then the
 * session (cookie), the Origin and CSRF checks of every call but a GET and the role of each call (from the contract), then the
 * calls; the console's pages last. Never mounted on the portal's public ports.
 */
import { timingSafeEqual } from 'node:crypto';
import { type Context, Hono } from 'hono';
import {
  CONSOLE_API_PREFIX,
  CONSOLE_CODES,
  consoleOperations,
  type OperatorRole,
  OWNER_ONLY_CALLS,
  SUPPORT_ROLES,
} from '../../shared/contract/console';
import { EDITOR_CALLS } from '../../shared/contract/console-articles';
import type { Operation } from '../../shared/contract/operation';
import { ApiError, errorResponse, notFound, ok } from '../api/http';
import { buildOpenApi } from '../api/openapi';
import { route } from '../api/route';
import { collegeMediaRoutes } from '../college/media';
import { limitBodies } from '../http/body-limit';
import { clientWentAway } from '../http/client-gone';
import { apiServerError, handleServerError } from '../http/errors';
import { clientAddress, requestIsHttps, requestProtocol } from '../http/request';
import { policyForEngine, securityHeaders } from '../http/security-headers';
import { requestLog } from '../ops/log';
import { ARTICLE_BODIES, articlesApi } from './articles-api';
import { auditApi } from './audit-api';
import type { ConsoleDeps, ConsoleEnv } from './deps';
import { exceptMediaUpload, mediaApi } from './media-api';
import { type ConsolePagesOptions, consolePages } from './pages';
import {
  type ConsoleSession,
  cookieToken,
  needSignIn,
  readSession,
  SESSION_ABSOLUTE_MS,
  sessionCookie,
  signIn,
  signOut,
} from './sign-in';
import { signupsApi } from './signups-api';
import { usersApi } from './users-api';
import { webhooksApi } from './webhooks-api';

/** The console's own routes also see the session itself (the CSRF token, the token to end). */
interface CoreEnv {
  Variables: ConsoleEnv['Variables'] & { session: ConsoleSession & { token: string } };
}

type CallName = keyof typeof consoleOperations;

/** The calls any signed-in operator may make, whatever the role (the editor too). */
const EVERY_ROLE: readonly CallName[] = ['login', 'logout', 'session'];

/** Which roles may make a call: the owner's calls, the session's own, and every other for SUPPORT_ROLES. */
export function rolesOf(call: CallName | null): readonly OperatorRole[] {
  if (call && OWNER_ONLY_CALLS.includes(call)) return ['owner'];
  if (call && EVERY_ROLE.includes(call)) return ['owner', 'support', 'editor'];
  if (call && (EDITOR_CALLS as readonly string[]).includes(call)) return ['owner', 'editor'];
  return SUPPORT_ROLES;
}

const matchers = (Object.entries(consoleOperations) as [CallName, Operation][]).map(([name, op]) => ({
  name,
  method: op.method.toUpperCase(),
  pattern: new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}$`),
}));

/** The contract's call a request makes (path under /console/api), or null for a path the contract does not have. */
export function callOf(method: string, path: string): CallName | null {
  const verb = method === 'HEAD' ? 'GET' : method;
  return matchers.find((m) => m.method === verb && m.pattern.test(path))?.name ?? null;
}

/** The console's OpenAPI document: every call of the contract under /console/api, signed in by the cookie. */
export function consoleOpenApi() {
  return buildOpenApi({
    operations: Object.values(consoleOperations),
    prefix: CONSOLE_API_PREFIX,
    info: {
      title: "Operator's console API",
      version: '1',
      description:
        'The session is the console_session cookie (POST /login); every call but a GET also sends X-CSRF-Token (the csrfToken ' +
        'of the login or GET /session) and a same-origin Origin. See docs/decisions/046-operators-console.md.',
    },
    securitySchemes: {
      session: { type: 'apiKey', in: 'cookie', name: 'console_session' },
      csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
    },
    securityOf: (op): Record<string, string[]>[] | undefined => {
      if (op === consoleOperations.login) return undefined;
      return [op.method !== 'get' ? { session: [], csrf: [] } : { session: [] }];
    },
  });
}

const forbidden = () => new ApiError(403, CONSOLE_CODES.forbidden, /*i18n*/ '你的角色无权进行此操作');
const csrfRefused = () => new ApiError(403, CONSOLE_CODES.csrf, /*i18n*/ '请求来源或 CSRF 令牌无效，请刷新页面后重试');

/** Compares a sent token with the session's in constant time. */
function sameSecret(sent: string | undefined, expected: string): boolean {
  const a = Buffer.from(sent ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function sessionData(session: ConsoleSession) {
  return {
    operator: { name: session.operator.name, role: session.operator.role },
    csrfToken: session.csrfToken,
    expiresAt: session.expiresAt.toISOString(),
  };
}

/** The console's calls under /console/api: the sign-in, then the session, Origin + CSRF and role checks, then the calls. */
function consoleApi(deps: ConsoleDeps) {
  const { settings } = deps;
  const api = new Hono<CoreEnv>();
  // Nothing the console answers is stored by a browser or a proxy.
  api.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  const document = consoleOpenApi();
  api.get('/openapi.json', (c) => c.json(document));

  /** The console's own origin: CONSOLE_PUBLIC_URL, else the listener's as the request reached it. */
  const ownOrigin = (c: Context) =>
    settings.console?.publicUrl ?? `${requestProtocol(c, settings.trustProxy)}://${c.req.header('host')}`;

  route(api, consoleOperations.login, async (c, input) => {
    // A browser sends Origin with every POST: a sign-in posted from another site is refused (login CSRF).
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== ownOrigin(c)) throw csrfRefused();
    const body = await input.body();
    const address = clientAddress(c, settings.trustProxy);
    const started = await signIn(deps, body, address);
    const secure = requestIsHttps(c, settings.trustProxy);
    c.header('Set-Cookie', sessionCookie(started.token, secure, SESSION_ABSOLUTE_MS / 1000));
    return ok(c, sessionData(started));
  });

  // Every other call needs a live session.
  api.use('*', async (c, next) => {
    const token = cookieToken(c);
    const session = token && (await readSession(deps, token));
    if (!token || !session) throw needSignIn();
    c.set('operator', session.operator);
    c.set('address', clientAddress(c, settings.trustProxy));
    c.set('session', { ...session, token });
    await next();
  });

  // A state-changing call comes from the console's own origin and carries the session's CSRF token.
  api.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const origin = c.req.header('origin');
      if (origin !== ownOrigin(c) || !sameSecret(c.req.header('x-csrf-token'), c.get('session').csrfToken))
        throw csrfRefused();
    }
    await next();
  });

  // The role each call needs, as the contract says.
  api.use('*', async (c, next) => {
    const path = c.req.path.slice(CONSOLE_API_PREFIX.length) || '/';
    if (!rolesOf(callOf(c.req.method, path)).includes(c.get('operator').role)) throw forbidden();
    await next();
  });

  route(api, consoleOperations.logout, async (c, input) => {
    await input.body();
    const { token, operator } = c.get('session');
    await signOut(deps, token, operator, c.get('address'));
    c.header('Set-Cookie', sessionCookie('', requestIsHttps(c, settings.trustProxy), 0));
    return ok(c);
  });
  route(api, consoleOperations.session, (c) => ok(c, sessionData(c.get('session'))));

  api.route('/', auditApi(deps));
  api.route('/', usersApi(deps));
  api.route('/', signupsApi(deps));
  api.route('/', webhooksApi(deps));
  api.route('/', articlesApi(deps));
  api.route('/', mediaApi(deps));
  api.all('*', notFound);
  api.onError(onApiError);
  return api;
}

function onApiError(error: unknown, c: Parameters<typeof apiServerError>[0]) {
  if (error instanceof ApiError) return errorResponse(c, error);
  if (clientWentAway(c, error)) return c.body(null, 400);
  return apiServerError(c, error);
}

/** The console's Hono app: what server/main.ts serves on CONSOLE_PORT (and tests call with `app.request`). */
/** `pages`: how the console's pages are served (`dev`: through Vite, `npm run dev`). */
export function createConsoleApp(deps: ConsoleDeps, pages: ConsolePagesOptions = {}) {
  const app = new Hono();
  app.use('*', requestLog(deps.settings));
  app.use('*', policyForEngine());
  app.use('*', securityHeaders(deps.settings));
  app.use('*', exceptMediaUpload(limitBodies([ARTICLE_BODIES])));
  app.route(CONSOLE_API_PREFIX, consoleApi(deps));
  // The college's pictures, for the article editor's cover and live preview (the console's own origin: img-src 'self').
  app.route('/', collegeMediaRoutes(deps.db));
  app.route('/', consolePages(deps, pages));
  const pageError = handleServerError(deps.settings);
  app.onError((error, c) =>
    c.req.path.startsWith(`${CONSOLE_API_PREFIX}/`) ? onApiError(error, c) : pageError(error, c),
  );
  return app;
}
