/**
 * The inline script of /scan_code (run as the page runs it, from its text) and the app's side of it: the request
 * it sends, the code drawn into the placeholder with its alt text, nothing drawn for a failed answer, the
 * request taken once and only on its own page, and where the script goes in the HTML.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EarlyQrAnswer, earlyQrScript, takeEarlyQr, withHeadScript } from './early-qr';

const CODE = {
  ticket: 't'.repeat(43),
  qrcode: 'data:image/png;base64,AAAA',
  qrUrl: 'http://localhost/wx/qr?scene=L1',
  expiresIn: 300,
  pollInterval: 2,
  simulator: true,
};

const PLACEHOLDER = 'data:image/svg+xml,placeholder';

function page(path: string) {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<section data-scan-state="creating"><div class="frame"><img src="${PLACEHOLDER}" alt="" data-qr-early="微信登录二维码"><div class="spinner"></div></div></section>`;
  return document.querySelector('img') as HTMLImageElement;
}

const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

const run = () => {
  // biome-ignore lint/security/noGlobalEval: the script is inline script text; this is how a page runs it
  window.eval(earlyQrScript());
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  delete window.__portalQr;
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the inline script', () => {
  it('asks for the code as the app does, and draws it into the placeholder with its alt text', async () => {
    const image = page('/en/scan_code');
    fetchMock.mockReturnValue(answer(200, { code: 200, message: 'ok', data: CODE }));
    run();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v2/wx/create_login_qrcode');
    expect(init).toMatchObject({
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
    });
    const result = (await window.__portalQr?.p) as EarlyQrAnswer;
    expect(result.q).toEqual(CODE);
    expect(image.getAttribute('src')).toBe(CODE.qrcode);
    expect(image.alt).toBe('微信登录二维码');
    expect(image.parentElement?.hasAttribute('data-qr-shown')).toBe(true);
  });

  it('sends the Chinese language on /scan_code', async () => {
    page('/scan_code');
    fetchMock.mockReturnValue(answer(200, { code: 200, message: 'ok', data: CODE }));
    run();
    await window.__portalQr?.p;
    expect((fetchMock.mock.calls[0][1] as RequestInit).headers).toMatchObject({ 'Accept-Language': 'zh-CN' });
  });

  it.each([
    ['a 429', () => answer(429, { code: 429, message: 'too many', data: { retryAfter: 30 } })],
    ['an error code in a 200', () => answer(200, { code: 40024, message: 'failed' })],
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('draws nothing and rejects after %s', async (_, respond) => {
    const image = page('/scan_code');
    fetchMock.mockImplementation(respond);
    run();
    await expect(window.__portalQr?.p).rejects.toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(image.getAttribute('src')).toBe(PLACEHOLDER);
    expect(image.alt).toBe('');
    expect(image.parentElement?.hasAttribute('data-qr-shown')).toBe(false);
  });

  it('draws nothing once the visitor is on another page', async () => {
    const image = page('/scan_code');
    let respond: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (respond = resolve)));
    run();
    window.history.replaceState(null, '', '/login');
    respond(new Response(JSON.stringify({ code: 200, message: 'ok', data: CODE })));
    await window.__portalQr?.p;
    expect(image.getAttribute('src')).toBe(PLACEHOLDER);
  });
});

describe('takeEarlyQr', () => {
  it('hands the request over once, on its own page only', async () => {
    page('/scan_code');
    fetchMock.mockReturnValue(answer(200, { code: 200, message: 'ok', data: CODE }));
    run();
    const taken = takeEarlyQr();
    expect((await taken)?.q).toEqual(CODE);
    expect(takeEarlyQr()).toBeNull();

    run();
    window.history.replaceState(null, '', '/en/scan_code');
    expect(takeEarlyQr()).toBeNull();
  });

  it('is null without an early request', () => {
    expect(takeEarlyQr()).toBeNull();
  });
});

describe('withHeadScript', () => {
  it('puts the script first in the head, before the stylesheets', () => {
    const html = '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"></head><body></body></html>';
    expect(withHeadScript(html, 'a()')).toBe(
      '<!DOCTYPE html><html><head><script>a()</script><link rel="stylesheet" href="/a.css"></head><body></body></html>',
    );
    expect(withHeadScript('<p>no head</p>', 'a()')).toBe('<p>no head</p>');
  });
});
