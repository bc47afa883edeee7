/**
 * The console's HTTP client: every call goes to /console/api with the page's language, a POST carries the
 * session's CSRF token as `X-CSRF-Token`, and a call resolves with the envelope's `data` or rejects with a
 * `ConsoleApiError` (status, business code, the server's message, Retry-After). A 401 / 40101 on any call but the
 * sign-in's own tells the app the session ended (setSessionEndedHandler), which brings back the sign-in form.
 */
import axios from 'axios';
import type { consoleOperations } from '#shared/contract/console';
import type { BodyOf, DataOf, QueryOf } from '#shared/contract/operation';
import { API_PREFIX, NEED_SIGN_IN } from './contract-values';

export class ConsoleApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly retryAfter?: number;
  /** The field the server named (`data.field` of the refusal: 'slug', 'zh.title', 'file' …). */
  readonly field?: string;
  constructor(input: { status: number; code: number; message: string; retryAfter?: number; field?: string }) {
    super(input.message);
    this.name = 'ConsoleApiError';
    this.status = input.status;
    this.code = input.code;
    if (input.retryAfter !== undefined) this.retryAfter = input.retryAfter;
    if (input.field !== undefined) this.field = input.field;
  }
}

type Ops = typeof consoleOperations;
export type Data<K extends keyof Ops> = DataOf<Ops[K]>;
export type Query<K extends keyof Ops> = QueryOf<Ops[K]>;
/** The body of POST /articles and PUT /articles/{id}: the working copy (shared/contract/console-articles.ts). */
export type ArticleInput = BodyOf<Ops['saveArticle']>;

const state = {
  csrfToken: '',
  language: 'zh' as 'zh' | 'en',
  onSessionEnded: (() => {}) as () => void,
};

export const setCsrfToken = (token: string) => {
  state.csrfToken = token;
};
export const setApiLanguage = (language: 'zh' | 'en') => {
  state.language = language;
};
export const setSessionEndedHandler = (handler: () => void) => {
  state.onSessionEnded = handler;
};

export const http = axios.create({
  baseURL: API_PREFIX,
  timeout: 20_000,
  headers: { 'Content-Type': 'application/json' },
  validateStatus: () => true,
});

http.interceptors.request.use((config) => {
  config.headers.set('Accept-Language', state.language === 'en' ? 'en' : 'zh-CN');
  if ((config.method ?? 'get').toLowerCase() !== 'get' && state.csrfToken)
    config.headers.set('X-CSRF-Token', state.csrfToken);
  return config;
});

function settle<T>(status: number, body: unknown, retryAfterHeader: unknown, path: string): T {
  const envelope =
    typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number'
      ? (body as { code: number; message?: string; data?: unknown })
      : undefined;
  if (status >= 200 && status < 300 && envelope?.code === 200) return envelope.data as T;
  const retryAfter = Number(retryAfterHeader);
  const field = (envelope?.data as { field?: unknown } | null | undefined)?.field;
  const error = new ConsoleApiError({
    status,
    code: envelope?.code ?? status,
    message: envelope?.message ?? '',
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
    ...(typeof field === 'string' ? { field } : {}),
  });
  if ((status === 401 || error.code === NEED_SIGN_IN) && path !== '/login' && path !== '/session')
    state.onSessionEnded();
  throw error;
}

async function call<T>(method: 'get' | 'post' | 'put', path: string, payload?: unknown): Promise<T> {
  try {
    const response =
      method === 'get'
        ? await http.get(path, { params: payload })
        : payload instanceof FormData
          ? // The browser writes the multipart boundary (a JSON content type would make axios turn the form into JSON).
            await http.post(path, payload, { headers: { 'Content-Type': 'multipart/form-data' } })
          : await http.request({ method, url: path, data: payload ?? {} });
    return settle<T>(response.status, response.data, response.headers['retry-after'], path);
  } catch (error) {
    if (error instanceof ConsoleApiError) throw error;
    throw new ConsoleApiError({ status: 0, code: 0, message: '' });
  }
}

const id = (value: string) => encodeURIComponent(value);

/** Drops empty filters so the query stays inside the contract (empty strings are not valid days or numbers). */
function clean<T extends Record<string, unknown>>(query: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== '' && v !== undefined && v !== null),
  ) as Partial<T>;
}

export const consoleApi = {
  session: () => call<Data<'session'>>('get', '/session'),
  login: (body: { name: string; password: string; totp: string }) => call<Data<'login'>>('post', '/login', body),
  logout: () => call<void>('post', '/logout'),
  users: (query: Partial<Query<'users'>>) => call<Data<'users'>>('get', '/users', clean(query)),
  user: (userId: string) => call<Data<'user'>>('get', `/users/${id(userId)}`),
  revealPhone: (userId: string) => call<Data<'revealPhone'>>('post', `/users/${id(userId)}/phone`),
  ban: (userId: string, reason: string) => call<Data<'ban'>>('post', `/users/${id(userId)}/ban`, { reason }),
  unban: (userId: string) => call<Data<'unban'>>('post', `/users/${id(userId)}/unban`),
  revokeSessions: (userId: string, which: { sessionId: string } | { all: true }) =>
    call<Data<'revokeSessions'>>('post', `/users/${id(userId)}/sessions/revoke`, which),
  unbindWechat: (userId: string) => call<Data<'unbindWechat'>>('post', `/users/${id(userId)}/wechat/unbind`),
  signups: (query: Partial<Query<'signups'>>) => call<Data<'signups'>>('get', '/signups', clean(query)),
  audit: (query: Partial<Query<'audit'>>) => call<Data<'audit'>>('get', '/audit', clean(query)),
  webhooks: () => call<Data<'webhooks'>>('get', '/webhooks'),
  createWebhook: (body: { url: string; events: string[]; description?: string }) =>
    call<Data<'createWebhook'>>('post', '/webhooks', body),
  deleteWebhook: (webhookId: string) => call<void>('post', `/webhooks/${id(webhookId)}/delete`),
  deliveries: (webhookId: string, query: { cursor?: string } = {}) =>
    call<Data<'deliveries'>>('get', `/webhooks/${id(webhookId)}/deliveries`, clean(query)),
  resend: (webhookId: string, deliveryId: string) =>
    call<Data<'resend'>>('post', `/webhooks/${id(webhookId)}/deliveries/${id(deliveryId)}/resend`),
  articles: (query: Partial<Query<'articles'>>) => call<Data<'articles'>>('get', '/articles', clean(query)),
  createArticle: (body: ArticleInput) => call<Data<'createArticle'>>('post', '/articles', body),
  article: (articleId: number) => call<Data<'article'>>('get', `/articles/${articleId}`),
  saveArticle: (articleId: number, body: ArticleInput) =>
    call<Data<'saveArticle'>>('put', `/articles/${articleId}`, body),
  publishArticle: (articleId: number, at?: string) =>
    call<Data<'publishArticle'>>('post', `/articles/${articleId}/publish`, at ? { at } : {}),
  unpublishArticle: (articleId: number) => call<Data<'unpublishArticle'>>('post', `/articles/${articleId}/unpublish`),
  previewLink: (articleId: number) => call<Data<'previewLink'>>('post', `/articles/${articleId}/preview-link`),
  renderPreview: (body: string) => call<Data<'renderPreview'>>('post', '/articles/preview', { body }),
  uploadMedia: (file: Blob, name: string) => {
    const form = new FormData();
    form.append('file', file, name);
    return call<Data<'uploadMedia'>>('post', '/media', form);
  },
};

/** The CSV export's address for a sign-ups query (a plain link: the browser sends the cookie). */
export function signupsCsvUrl(query: Partial<Query<'signups'>>): string {
  const params = new URLSearchParams(
    Object.entries(clean({ ...query, format: 'csv' })).map(([k, v]) => [k, String(v)]),
  );
  return `${API_PREFIX}/signups?${params}`;
}
