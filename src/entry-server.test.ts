// @vitest-environment node
/**
 * The renderer puts the early QR script (src/lib/early-qr.ts) first in the head of /scan_code and /en/scan_code,
 * and in no other page.
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server';
import { earlyQrScript } from './lib/early-qr';

const render = async (path: string) =>
  (
    await renderPage(new Request(`http://localhost:3030${path}`), {
      env: {
        brandId: 'starreach',
        edition: 'main',
        isMobile: true,
        platform: 'other',
        workbenchUrl: '/workbench/function_introduction',
        year: 2026,
      },
      origin: 'http://localhost:3030',
    })
  ).text();

describe('the early QR script', () => {
  it.each(['/scan_code', '/en/scan_code'])('is first in the head of %s', async (path) => {
    const html = await render(path);
    expect(html).toContain(`<head><script>${earlyQrScript()}</script>`);
    // The placeholder it draws into, with the alt text of the page's language.
    expect(html).toMatch(/<img[^>]*data-qr-early="(微信登录二维码|WeChat login QR code)"/);
  });

  it.each(['/login', '/en/register', '/', '/en/login?tab=scan'])('is not in %s', async (path) => {
    const html = await render(path);
    expect(html).not.toContain('__portalQr');
  });
});
