/**
 * The console's API faked at the axios level (the client's adapter): each call is recorded; a route answers at once
 * with a fixed answer, or is held until the test answers it (`hold`), which path replays use to answer the machine's
 * calls in the order the generated path says.
 */
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { http } from '../lib/api';

export interface FakeCall {
  method: string;
  path: string;
  params: Record<string, unknown>;
  body: unknown;
  headers: Record<string, unknown>;
  settled: boolean;
  answer: (status: number, body: unknown, headers?: Record<string, string>) => void;
}

export type FakeAnswer = {
  status?: number;
  data?: unknown;
  code?: number;
  message?: string;
  headers?: Record<string, string>;
};

export function envelope(data: unknown) {
  return { code: 200, message: 'ok', data };
}

export function createFakeApi() {
  const calls: FakeCall[] = [];
  const routes: { method: string; path: RegExp; answer: FakeAnswer | ((call: FakeCall) => FakeAnswer) | 'hold' }[] = [];
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) =>
    new Promise<AxiosResponse>((resolve) => {
      const method = (config.method ?? 'get').toLowerCase();
      const path = config.url ?? '';
      const call: FakeCall = {
        method,
        path,
        params: (config.params ?? {}) as Record<string, unknown>,
        body: typeof config.data === 'string' && config.data ? JSON.parse(config.data) : config.data,
        headers: Object.fromEntries(Object.entries(config.headers ?? {})),
        settled: false,
        answer: (status, body, headers = {}) => {
          call.settled = true;
          resolve({ status, statusText: '', data: body, headers, config } as AxiosResponse);
        },
      };
      calls.push(call);
      const route = routes.findLast((r) => r.method === method && r.path.test(path));
      if (!route) return call.answer(404, { code: 404, message: 'no fake route', data: null });
      if (route.answer === 'hold') return;
      const a = typeof route.answer === 'function' ? route.answer(call) : route.answer;
      const status = a.status ?? 200;
      call.answer(
        status,
        status === 200 && a.code === undefined
          ? envelope(a.data)
          : { code: a.code ?? status, message: a.message ?? '', data: a.data ?? null },
        a.headers,
      );
    });
  const api = {
    calls,
    install() {
      http.defaults.adapter = adapter;
    },
    on(method: 'get' | 'post' | 'put', path: RegExp, answer: FakeAnswer | ((call: FakeCall) => FakeAnswer) | 'hold') {
      routes.push({ method, path, answer });
      return api;
    },
    /** The latest held call of a path (throws when none waits, so a test cannot answer nothing). */
    held(path: RegExp): FakeCall {
      const call = calls.findLast((c) => !c.settled && path.test(c.path));
      if (!call) throw new Error(`no call of ${path} is waiting`);
      return call;
    },
    answerOk(path: RegExp, data: unknown) {
      api.held(path).answer(200, envelope(data));
    },
    answerError(path: RegExp, error: { status: number; code: number; message: string; retryAfter?: number }) {
      api
        .held(path)
        .answer(
          error.status,
          { code: error.code, message: error.message, data: null },
          error.retryAfter ? { 'retry-after': String(error.retryAfter) } : {},
        );
    },
  };
  return api;
}

export const sampleUserPage = {
  id: '42',
  brand: 'starreach',
  countryCode: 86,
  phoneMasked: '138****5678',
  nickname: '小王的店',
  inviteCode: 'INV8',
  channelId: 3,
  createdAt: '2026-11-20T02:00:00.000Z',
  banned: false,
  closed: false,
  clientId: 'morestores',
  registeInfo: { bd_vid: 'bd-123', utm_term: '跨境' },
  signupMethod: 'sms',
  trialEndsAt: '2026-11-27T02:00:00.000Z',
  firstWorkbenchAt: null,
  createdAddress: '203.0.113.9',
  ban: null,
  wechat: { nickname: '王老板', boundAt: '2026-11-21T02:00:00.000Z' },
  sessions: [
    {
      id: 's1',
      createdAt: '2026-11-28T01:00:00.000Z',
      expiresAt: '2026-12-05T01:00:00.000Z',
      lastSeenAt: '2026-11-28T03:00:00.000Z',
      address: '198.51.100.7',
      userAgent: 'Chrome on Windows',
    },
  ],
  closure: null,
} as const;
