/**
 * The first `createQrCode` of the browser effects takes the code /scan_code asked for while it hydrated
 * (`createQrCodeEarly`) once, and asks the API as always when there is none. A closing account's QR login goes
 * to the account page (the cancel-closure screen); the account page's bind code is POST /v2/account/wechat/bind-code.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('~/lib/api/scan-login', () => ({
  createLoginQrCode: vi.fn(),
  getQrStatus: vi.fn(),
  wxUserLogin: vi.fn(),
}));
vi.mock('~/lib/api/account', () => ({ wechatBindCode: vi.fn() }));
vi.mock('../complete', () => ({ completeSignIn: vi.fn(async () => {}) }));

const code = (ticket: string, expiresIn = 300) => ({
  ticket,
  qrcode: `data:image/png;base64,${ticket}`,
  qrUrl: `http://localhost/wx/qr?scene=${ticket}`,
  expiresIn,
  pollInterval: 2,
  simulator: true,
});

/** Fresh modules (the effects keep the early code in module state) and the API's next answer. */
async function load() {
  vi.resetModules();
  vi.clearAllMocks();
  const api = await import('~/lib/api/scan-login');
  vi.mocked(api.createLoginQrCode).mockResolvedValue(code('api'));
  const effects = await import('./effects');
  const browser = effects.browserScanEffects(() => {
    throw new Error('not needed');
  });
  return { api, effects, browser };
}

describe("the page's early code", () => {
  it('is what createQrCodeEarly asked for, taken once by the first createQrCode; the next one asks the API', async () => {
    const { api, effects, browser } = await load();
    effects.createQrCodeEarly();
    effects.createQrCodeEarly();
    expect(api.createLoginQrCode).toHaveBeenCalledTimes(1);
    expect((await browser.createQrCode()).ticket).toBe('api');
    expect(api.createLoginQrCode).toHaveBeenCalledTimes(1);
    await browser.createQrCode();
    expect(api.createLoginQrCode).toHaveBeenCalledTimes(2);
  });

  it('asks the API when there is no early request', async () => {
    const { api, browser } = await load();
    expect((await browser.createQrCode()).ticket).toBe('api');
    expect(api.createLoginQrCode).toHaveBeenCalledTimes(1);
  });
});

const session = {
  userId: 7,
  userName: '小王的店',
  nickname: '小王的店',
  phone: '138****8000',
  countryCode: 1,
  tenantId: 1,
  Authorization: 'token',
};
const closure = { requestedAt: '2026-11-28T08:00:00.000Z', erasesAt: '2026-12-13T08:00:00.000Z' };

async function withContext(locale: 'zh' | 'en') {
  vi.resetModules();
  vi.clearAllMocks();
  const api = await import('~/lib/api/scan-login');
  const complete = await import('../complete');
  const { ApiRequestError } = await import('~/lib/api/errors');
  const effects = await import('./effects');
  const i18n = { _: (descriptor: { message?: string }) => descriptor.message ?? '' };
  const browser = effects.browserScanEffects(() => ({
    i18n: i18n as never,
    locale,
    workbenchUrl: '/workbench/function_introduction',
    isMobile: false,
  }));
  return { api, complete, ApiRequestError, effects, browser };
}

describe('a closing account signing in with WeChat', () => {
  it('goes to the account page (cancel the closure), not the workbench, after a scan or a bind', async () => {
    for (const [locale, page] of [
      ['zh', '/account'],
      ['en', '/en/account'],
    ] as const) {
      const { browser, complete } = await withContext(locale);
      for (const how of ['scan', 'bind'] as const) {
        browser.completeLogin({ userInfo: { ...session, closure } as never, how });
        expect(complete.completeSignIn).toHaveBeenLastCalledWith(
          { ...session, closure },
          '该账号已申请注销，冷静期内可撤销注销',
          page,
        );
      }
      browser.completeLogin({ userInfo: session, how: 'scan' });
      expect(complete.completeSignIn).toHaveBeenLastCalledWith(
        session,
        '登录成功',
        locale === 'en' ? '/en/workbench/function_introduction' : '/workbench/function_introduction',
      );
    }
  });

  it("takes the bind's 403 / 40030 answer as the restricted session; other failures stay failures", async () => {
    const { api, browser, ApiRequestError } = await withContext('zh');
    const form = { action: 'bind', phone: '13800138000', countryCode: 1, code: '123456' } as const;
    vi.mocked(api.wxUserLogin).mockRejectedValueOnce(
      new ApiRequestError({
        status: 403,
        code: 40030,
        message: '该账号已申请注销，冷静期内可撤销注销',
        data: { ...session, closure },
      }),
    );
    expect(await browser.submitWxLogin('t', form)).toEqual({ ...session, closure });
    const wrong = new ApiRequestError({ status: 400, code: 40004, message: '验证码错误' });
    vi.mocked(api.wxUserLogin).mockRejectedValueOnce(wrong);
    await expect(browser.submitWxLogin('t', form)).rejects.toBe(wrong);
  });
});

describe("the account page's bind code", () => {
  it('is made by the bind-code call, polled as any code, and tells the page once it is linked', async () => {
    const { effects } = await withContext('zh');
    const account = await import('~/lib/api/account');
    vi.mocked(account.wechatBindCode).mockResolvedValue(code('bind'));
    const onLinked = vi.fn();
    const bind = effects.bindScanEffects(onLinked);
    const made = await bind.createQrCode();
    expect(made.ticket).toBe('bind');
    expect(made.expiresAt).toBeGreaterThan(Date.now() + 290_000);
    expect(account.wechatBindCode).toHaveBeenCalledTimes(1);
    bind.completeLink?.();
    expect(onLinked).toHaveBeenCalledTimes(1);
  });
});
