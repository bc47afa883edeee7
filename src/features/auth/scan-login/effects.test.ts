/**
 * The first `createQrCode` of the browser effects takes the code /scan_code asked for while it hydrated
 * (`createQrCodeEarly`) once, and asks the API as always when there is none.
 */
import { describe, expect, it, vi } from 'vitest';

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
