/**
 * The /scan_code placeholder as the page's inline script leaves it (src/lib/early-qr.ts): the real code drawn
 * into the server's image, with the code's alt text and the spinner's frame marked, hydrates without a warning
 * or an error, and keeps the drawn code.
 */
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyQrScript } from '~/lib/early-qr';
import { i18nFor, loadLocale } from '~/lib/i18n';
import { QR_PLACEHOLDER_SRC } from './qr-placeholder';
import { ScanPanelView } from './scan-panel';

const CODE = 'data:image/png;base64,iVBORw0KGgo=';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.__portalQr;
  window.history.replaceState(null, '', '/');
});

describe.each([
  ['/scan_code', 'zh', '微信登录二维码'],
  ['/en/scan_code', 'en', 'WeChat login QR code'],
] as const)('%s: the code drawn before hydration', (path, locale, alt) => {
  it('hydrates without a warning and keeps the code, its alt text and the hidden spinner', async () => {
    await loadLocale(locale);
    const ui = (
      <I18nProvider i18n={i18nFor(locale)}>
        <ScanPanelView view={{ kind: 'creating' }} send={() => {}} variant="page" agreement={false} />
      </I18nProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui);
    document.body.appendChild(container);
    const image = container.querySelector('img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe(QR_PLACEHOLDER_SRC);
    expect(image.alt).toBe('');

    window.history.replaceState(null, '', path);
    const data = { ticket: 't', qrcode: CODE, qrUrl: 'u', expiresIn: 300, pollInterval: 2, simulator: true };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 200, message: 'ok', data }))),
    );
    // biome-ignore lint/security/noGlobalEval: the script is inline script text; this is how a page runs it
    window.eval(earlyQrScript());
    await window.__portalQr?.p;
    expect(image.getAttribute('src')).toBe(CODE);

    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    render(ui, { container, hydrate: true });
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
    const hydrated = screen.getByRole('img', { name: alt });
    expect(hydrated).toBe(image);
    expect(hydrated).toHaveAttribute('src', CODE);
    expect(hydrated.parentElement).toHaveAttribute('data-qr-shown');
  });
});
