/**
 * The auth forms posted to their own page before (or without) the page's script: checked with the API's schemas,
 * then sent to the API in-process (its limits, captcha rules and codes). A refusal renders the page again with the
 * values (never the password) and messages; a login or registration sets the session cookie and answers 303.
 */
import type { Context } from 'hono';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import { CHANNEL_IDS, CLIENT_ID } from '../../shared/brand';
import { loginBody, accountsOperations as ops, registerBody, resetBody } from '../../shared/contract/accounts';
import { type Locale, localeFromPath, localizePath, stripLocale } from '../../shared/locale';
import { AUTH_COOKIE, AUTH_COOKIE_DAYS, type FormAnswer, type FormIntent } from '../../shared/portal-env';
import { safeRedirect, workbenchFor } from '../../shared/redirect';
import { translate } from '../api/catalog';
import { fieldMessages } from '../api/http';
import { publicOrigin, requestIsHttps } from '../http/request';
import { siteCookie } from './page-rules';
import { pageInputs, postToApi, type RenderDeps, renderFresh } from './render';

/** The pages with forms (without the language prefix) and the forms each holds; the first is the default. */
const FORM_PAGES: Record<string, readonly FormIntent[]> = {
  '/login': ['login', 'register', 'reset'],
  '/register': ['register'],
  '/forget_password': ['reset'],
};

/** Every path a form posts to, in both languages. */
export const FORM_PATHS = Object.keys(FORM_PAGES).flatMap((path) => [path, localizePath(path, 'en')]);

/** What a refused form gets back: never the password. */
const KEPT_FIELDS = ['phone', 'countryCode', 'code', 'nickname', 'inviteCode'];

const CROSS_SITE = /*i18n*/ '已拒绝来自其他网站的表单提交。';
/** "Get code" pressed before the page's script ran (or without it): sending a code needs the captcha. */
const CODE_NEEDS_SCRIPT =
  /*i18n*/ '发送验证码需要本页的脚本（先完成安全验证）。页面还在加载时，请稍候再按一次“获取验证码”；如果浏览器关闭了 JavaScript，请开启后再试。';

type Fields = Record<string, string>;

/** The call a form makes: the API path, the body as the app's script would send it, and its schema. */
function formCall(
  intent: FormIntent,
  fields: Fields,
): { path: string; body: Record<string, unknown>; schema: z.ZodType } {
  // Blank fields are left out, so the schema names them as missing; the phone loses spaces and dashes as the
  // script's normalizePhone does (src/features/auth/validation.ts).
  const text = (name: string, trim = true) => {
    const value = trim ? (fields[name] ?? '').trim() : (fields[name] ?? '');
    return value === '' ? undefined : value;
  };
  const country = text('countryCode');
  const base = {
    phone: text('phone')?.replace(/[\s-]/g, ''),
    countryCode: country !== undefined && /^\d{1,3}$/.test(country) ? Number(country) : country,
  };
  switch (intent) {
    case 'login':
      return fields.way === 'code'
        ? { path: ops.login.path, body: { ...base, code: text('code') }, schema: loginBody.required({ code: true }) }
        : {
            path: ops.login.path,
            body: { ...base, password: text('password', false) },
            schema: loginBody.required({ password: true }),
          };
    case 'register':
      return {
        path: ops.register.path,
        body: {
          ...base,
          code: text('code'),
          password: text('password', false),
          nickname: text('nickname'),
          inviteCode: text('inviteCode'),
          channelId: CHANNEL_IDS.web,
          clientId: CLIENT_ID,
        },
        schema: registerBody,
      };
    case 'reset':
      return {
        path: ops.resetPassword.path,
        body: {
          ...base,
          code: text('code'),
          password: text('password', false),
          ...(fields.keepWechat === 'on' ? { keepWechat: true } : {}),
        },
        schema: resetBody,
      };
  }
}

export function formPosts(deps: RenderDeps) {
  const { settings } = deps;
  const sameOrigin = csrf({
    origin: (origin, c) => origin === new URL(c.req.url).origin || origin === publicOrigin(c, settings),
  });

  /** Hono's CSRF check (Sec-Fetch-Site, else Origin): false when the post comes from another site. */
  async function fromThisSite(c: Context): Promise<boolean> {
    try {
      await sameOrigin(c, async () => {});
      return true;
    } catch (error) {
      if (error instanceof HTTPException) return false;
      throw error;
    }
  }

  /** The page again, with the form's answer, never stored: it holds what the visitor typed. */
  async function renderAnswer(c: Context, answer: FormAnswer, status: number, extra: Record<string, string>) {
    const { env, origin } = pageInputs(c, settings, deps.now);
    env.formAnswer = answer;
    const page = await renderFresh(c, deps, new URL(c.req.url), env, origin);
    if (page instanceof Response) return page;
    return new Response(page.identity.body as Uint8Array<ArrayBuffer>, {
      status,
      headers: { ...page.base, ...extra, 'cache-control': 'no-store' },
    });
  }

  return async function handleFormPost(c: Context): Promise<Response> {
    const url = new URL(c.req.url);
    const locale: Locale = localeFromPath(url.pathname);
    const intents = FORM_PAGES[stripLocale(url.pathname)];
    if (!(await fromThisSite(c))) return c.text(translate(CROSS_SITE, locale), 403);
    if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? ''))
      return c.text('Unsupported Media Type', 415);
    const fields: Fields = {};
    for (const [name, value] of new URLSearchParams(await c.req.text())) fields[name] ??= value;
    const intent = intents.find((name) => name === fields.intent) ?? intents[0];

    const kept = Object.fromEntries(KEPT_FIELDS.filter((name) => fields[name]).map((name) => [name, fields[name]]));
    if (fields.way === 'code') kept.way = 'code';
    // "Get code" is a submit button until the script runs (src/features/auth/sms-button.tsx): a code is sent only
    // after the captcha, so the page says what to do, under the code field. 400, as the API refuses a send without it.
    if (fields.send === 'code')
      return renderAnswer(c, { intent, values: kept, errors: { code: translate(CODE_NEEDS_SCRIPT, locale) } }, 400, {});

    const call = formCall(intent, fields);
    const checked = call.schema.safeParse(call.body);
    if (!checked.success)
      return renderAnswer(c, { intent, values: kept, errors: fieldMessages(checked.error, locale) }, 400, {});

    const response = await postToApi(c, deps, call.path, JSON.stringify(call.body), locale);
    const answer = (await response.json()) as { code: number; message: string; data?: Record<string, unknown> };
    if (answer.code !== 200) {
      const field = typeof answer.data?.field === 'string' ? answer.data.field : undefined;
      const shown = field && field in call.body && field !== 'channelId' && field !== 'clientId';
      const retry = response.headers.get('retry-after');
      return renderAnswer(
        c,
        shown
          ? { intent, values: kept, errors: { [field]: answer.message } }
          : { intent, values: kept, errors: {}, notice: answer.message },
        response.status,
        retry ? { 'retry-after': retry } : {},
      );
    }

    if (intent === 'reset') return c.redirect(localizePath('/login', locale), 303);
    const token = String((answer.data as { Authorization?: unknown }).Authorization ?? '');
    c.header('set-cookie', siteCookie(AUTH_COOKIE, token, AUTH_COOKIE_DAYS, requestIsHttps(c, settings.trustProxy)));
    const { env } = pageInputs(c, settings, deps.now);
    const target =
      (intent === 'login' &&
        safeRedirect(url.searchParams.get('redirect'), {
          origin: url.origin,
          workbenchUrl: settings.workbenchUrl,
          isMobile: env.isMobile,
        })) ||
      workbenchFor(settings.workbenchUrl, locale);
    return c.redirect(target, 303);
  };
}
