/**
 * The first `createQrCode` of the browser effects takes the code the page's HTML asked for (src/lib/early-qr.ts)
 * once, with its expiry counted from its answer, and asks the API as always when there is none, when it failed,
 * or when it has less than a minute left.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EarlyQrAnswer } from '~/lib/early-qr';

vi.mock('~/lib/api/scan-login', () => ({
  createLoginQrCode: vi.fn(),
  getQrStatus: vi.fn(),
  wxUserLogin: vi.fn(),
}));

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

function earlyRequest(result: Promise<EarlyQrAnswer>, path = '/scan_code') {
  result.catch(() => {});
  window.__portalQr = { u: path, t: 0, p: result };
}

beforeEach(() => {
  window.history.replaceState(null, '', '/scan_code');
  delete window.__portalQr;
});
afterEach(() => {
  delete window.__portalQr;
  vi.useRealTimers();
});

describe("the page's early code", () => {
  it('is taken once by the first createQrCode, expiring 300 s after its answer arrived; the next one asks the API', async () => {
    const { api, browser } = await load();
    const arrived = Date.now() - 5_000;
    earlyRequest(Promise.resolve({ q: code('early'), a: arrived }));
    const first = await browser.createQrCode();
    expect(first).toMatchObject({
      ticket: 'early',
      qrcode: 'data:image/png;base64,early',
      expiresAt: arrived + 300_000,
    });
    expect(api.createLoginQrCode).not.toHaveBeenCalled();
    expect((await browser.createQrCode()).ticket).toBe('api');
    expect(api.createLoginQrCode).toHaveBeenCalledTimes(1);
  });

  it('is what createQrCodeEarly starts with on /scan_code, instead of a request of its own', async () => {
    const { api, effects, browser } = await load();
    earlyRequest(Promise.resolve({ q: code('early'), a: Date.now() }));
    effects.createQrCodeEarly();
    expect(api.createLoginQrCode).not.toHaveBeenCalled();
    expect((await browser.createQrCode()).ticket).toBe('early');
    expect(api.createLoginQrCode).not.toHaveBeenCalled();
  });

  it('asks the API when there is no early request', async () => {
    const { api, browser } = await load();
    expect((await browser.createQrCode()).ticket).toBe('api');
    expect(api.createLoginQrCode).toHaveBeenCalledTimes(1);
  });

  it('asks the API when the early request failed (a 429, no answer), and that answer decides', async () => {
    const { api, browser } = await load();
    earlyRequest(Promise.reject(0));
    expect((await browser.createQrCode()).ticket).toBe('api');
    expect(api.createLoginQrCode).toHaveBeenCalledTimes(1);

    const again = await load();
    const limited = Object.assign(new Error('too many'), { status: 429, retryAfter: 30 });
    vi.mocked(again.api.createLoginQrCode).mockRejectedValue(limited);
    earlyRequest(Promise.reject(0));
    await expect(again.browser.createQrCode()).rejects.toBe(limited);
  });

  it('asks the API when the early code has less than a minute left', async () => {
    const { api, browser } = await load();
    earlyRequest(Promise.resolve({ q: code('early'), a: Date.now() - 250_000 }));
    expect((await browser.createQrCode()).ticket).toBe('api');
    expect(api.createLoginQrCode).toHaveBeenCalledTimes(1);
  });

  it('is not taken on another page than the one that asked', async () => {
    const { api, browser } = await load();
    earlyRequest(Promise.resolve({ q: code('early'), a: Date.now() }), '/en/scan_code');
    expect((await browser.createQrCode()).ticket).toBe('api');
    expect(api.createLoginQrCode).toHaveBeenCalledTimes(1);
  });
});
