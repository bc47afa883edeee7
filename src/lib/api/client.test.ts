import Cookies from 'js-cookie';
import { type FakeApi, fakeApi } from '~/app/session.test-utils';
import { AUTH_COOKIE } from '../storage-keys';
import * as accounts from './accounts';
import { ApiRequestError, requestLanguage, settle } from './client';
import { apiHooks, setApiHooks } from './hooks';

let api: FakeApi;
let restoreHooks: () => void;
const unauthorized = vi.fn();
const tooMany = vi.fn();
let path = '/';

beforeEach(() => {
  api = fakeApi();
  path = '/';
  restoreHooks = setApiHooks({ onUnauthorized: unauthorized, onTooManyRequests: tooMany, pagePath: () => path });
});
afterEach(() => {
  restoreHooks();
  api.restore();
  unauthorized.mockReset();
  tooMany.mockReset();
  Cookies.remove(AUTH_COOKIE, { path: '/' });
});

describe('API client', () => {
  it('sends the token of the Authorization cookie and the page language, under /api', async () => {
    Cookies.set(AUTH_COOKIE, 'tok-1', { path: '/' });
    path = '/en/login';
    api.answerNext({ status: 200, body: { code: 200, message: 'ok', data: { userName: 'a' } } });
    await expect(accounts.userBaseInfo()).resolves.toEqual({ userName: 'a' });
    expect(api.requests[0]).toMatchObject({
      method: 'GET',
      url: '/api/v2/dm_user_base_info',
      headers: { 'x-auth-token': 'tok-1', 'accept-language': 'en' },
    });
  });

  it('sends no token when there is none, and zh-CN on Chinese pages', async () => {
    api.answerNext({ status: 200, body: { code: 200, message: 'ok', data: { provider: 'builtin', appId: null } } });
    await accounts.captchaConfig();
    expect(api.requests[0].headers['x-auth-token']).toBeUndefined();
    expect(api.requests[0].headers['accept-language']).toBe('zh-CN');
    expect(requestLanguage('/en')).toBe('en');
    expect(requestLanguage('/english')).toBe('zh-CN');
  });

  it.each([
    ['captchaPuzzle', () => accounts.captchaPuzzle(), 'POST', '/api/v2/captcha/puzzle', {}],
    [
      'captchaVerify',
      () => accounts.captchaVerify({ captchaId: 'c', x: 12 }),
      'POST',
      '/api/v2/captcha/verify',
      { captchaId: 'c', x: 12 },
    ],
    [
      'sendSmsCode',
      () => accounts.sendSmsCode({ phone: '13800138000', countryCode: 1, purpose: 'register', ticket: 't' }),
      'POST',
      '/api/v2/sendSmsCode',
      { phone: '13800138000', countryCode: 1, purpose: 'register', ticket: 't' },
    ],
    [
      'login',
      () => accounts.login({ phone: '13800138000', countryCode: 1, password: 'secret-123' }),
      'POST',
      '/api/v2/web/userlogin',
      { phone: '13800138000', countryCode: 1, password: 'secret-123' },
    ],
    [
      'resetPassword',
      () => accounts.resetPassword({ phone: '13800138000', countryCode: 1, code: '123456', password: 'new-secret-1' }),
      'POST',
      '/api/v2/web/modpsw',
      { phone: '13800138000', countryCode: 1, code: '123456', password: 'new-secret-1' },
    ],
    ['logout', () => accounts.logout({ userName: '小王' }), 'POST', '/api/v2/web/userlogout', { userName: '小王' }],
    ['customerInfo', () => accounts.customerInfo(), 'GET', '/api/v4/v1/damiUser/getUserInfo', undefined],
  ] as const)('%s calls %s %s', async (_name, call, method, url, body) => {
    api.answerNext({ status: 200, body: { code: 200, message: 'ok', data: { done: true } } });
    await expect(call()).resolves.toEqual({ done: true });
    expect(api.requests[0]).toMatchObject({ method, url });
    expect(api.requests[0].body).toEqual(body);
  });

  it('register sends the whole form', async () => {
    const input = {
      phone: '13800138000',
      countryCode: 1,
      code: '123456',
      password: 'secret-123',
      nickname: '小王',
      inviteCode: 'INV1',
      channelId: 2,
      clientId: 'morestores',
      registeInfo: { urlCode: 'u1' },
    } as const;
    api.answerNext({ status: 200, body: { code: 200, message: '注册成功', data: { userId: 1 } } });
    await expect(accounts.register(input)).resolves.toEqual({ userId: 1 });
    expect(api.requests[0]).toMatchObject({ method: 'POST', url: '/api/v2/web/register', body: input });
  });

  it('turns a 4xx envelope into an ApiRequestError with the server’s code, message and field', async () => {
    api.answerNext({ status: 400, body: { code: 40000, message: '缺少手机号', data: { field: 'phone' } } });
    const error = await accounts.login({ phone: '', countryCode: 1, password: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, code: 40000, message: '缺少手机号', field: 'phone' });
    expect(unauthorized).not.toHaveBeenCalled();
    expect(tooMany).not.toHaveBeenCalled();
  });

  it('rejects an HTTP 200 whose body code is not 200', async () => {
    api.answerNext({ status: 200, body: { code: 40003, message: '手机号或密码错误' } });
    await expect(accounts.login({ phone: '1', countryCode: 1, password: 'x' })).rejects.toMatchObject({
      status: 200,
      code: 40003,
      message: '手机号或密码错误',
    });
  });

  it.each([
    ['HTTP 401 with code 401', 401, { code: 401, message: '请先登录' }],
    ['HTTP 401 with code 40002', 401, { code: 40002, message: '登录已失效，请重新登录' }],
    ['HTTP 401 without a body', 401, ''],
    ['HTTP 200 with body code 401', 200, { code: 401, message: '请先登录' }],
    ['HTTP 200 with body code 40002', 200, { code: 40002, message: '登录已失效' }],
  ])('%s ends the session', async (_name, status, body) => {
    api.answerNext({ status, body });
    const error = (await accounts.userBaseInfo().catch((e: unknown) => e)) as ApiRequestError;
    expect(error.isUnauthorized).toBe(true);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(tooMany).not.toHaveBeenCalled();
  });

  it('HTTP 429 calls the rate-limit hook and carries Retry-After', async () => {
    api.answerNext({
      status: 429,
      headers: { 'retry-after': '56' },
      body: { code: 429, message: '操作过于频繁，请 56 秒后再试', data: { retryAfter: 56 } },
    });
    const error = (await accounts
      .sendSmsCode({ phone: '1', countryCode: 1, purpose: 'login', ticket: 't' })
      .catch((e: unknown) => e)) as ApiRequestError;
    expect(error).toMatchObject({ status: 429, code: 429, retryAfter: 56, message: '操作过于频繁，请 56 秒后再试' });
    expect(error.isRateLimited).toBe(true);
    expect(tooMany).toHaveBeenCalledTimes(1);
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('takes the wait from data.retryAfter when the header is missing', () => {
    expect(() => settle(429, { code: 429, message: 'x', data: { retryAfter: 12 } })).toThrow(
      expect.objectContaining({ retryAfter: 12 }),
    );
  });

  it('a call with no answer rejects with status 0 and calls no hook', async () => {
    api.answerNext(new Error('Network Error'));
    const error = (await accounts.userBaseInfo().catch((e: unknown) => e)) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.isNetworkError).toBe(true);
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('a hook that throws does not hide the error from the caller', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    unauthorized.mockImplementation(() => {
      throw new Error('boom');
    });
    api.answerNext({ status: 401, body: { code: 401, message: 'x' } });
    await expect(accounts.userBaseInfo()).rejects.toBeInstanceOf(ApiRequestError);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('a non-JSON error page still gives an ApiRequestError with the status', () => {
    expect(() => settle(502, '<html>Bad gateway</html>')).toThrow(
      expect.objectContaining({ status: 502, code: 502, message: '' }),
    );
  });

  it('restores the previous hooks', () => {
    const before = apiHooks.onUnauthorized;
    const restore = setApiHooks({ onUnauthorized: () => {} });
    expect(apiHooks.onUnauthorized).not.toBe(before);
    restore();
    expect(apiHooks.onUnauthorized).toBe(before);
  });
});
