/**
 * Renders the auth pages as the app does (providers, a memory router with the three auth routes in both
 * languages, the toast host) with the API and the session mocked by the test file:
 *
 *   vi.mock('~/lib/api/accounts', async () => (await import('./accounts-mock')).accountsMock());
 *   vi.mock('~/app/session', async (orig) => ({ ...(await orig()), signIn: vi.fn(async () => {}) }));
 */
import { createRoute } from '@tanstack/react-router';
import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ComponentType } from 'react';
import type { Locale } from '#shared/locale';
import type { PortalEnv } from '#shared/portal-env';
import { toast } from '~/components/toast/toast';
import { ToastHost } from '~/components/toast/toast-host';
import type { UserInfo } from '~/lib/api/accounts';
import { ApiRequestError } from '~/lib/api/client';
import { type RouterOptions, renderWithRouter } from '~/test/providers';
import { ForgetPasswordPage } from './forget-password-page';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

// The toaster (sonner) loads with the first toast; loaded here once, a test's first toast shows at once.
await import('~/components/toast/toaster');

export const userInfo: UserInfo = {
  userId: 7,
  userName: 'Alice',
  nickname: 'Alice',
  phone: '138****8000',
  countryCode: 1,
  tenantId: 14,
  Authorization: 'token-abc',
};

export function apiError(
  status: number,
  code: number,
  message: string,
  extra: { retryAfter?: number; field?: string } = {},
) {
  return new ApiRequestError({ status, code, message, ...extra });
}

const PAGES: Record<string, ComponentType> = {
  login: LoginPage,
  register: RegisterPage,
  forget_password: ForgetPasswordPage,
};

export interface AuthRenderOptions extends Omit<RouterOptions, 'routes' | 'path'> {
  locale?: Locale;
  env?: Partial<PortalEnv>;
}

/** Renders the page at `path` (e.g. `/register?utm_term=x`, `/en/login`). */
export async function renderAuthPage(path: string, options: AuthRenderOptions = {}) {
  toast.clear();
  const locale = options.locale ?? (path.startsWith('/en') ? 'en' : 'zh');
  return renderWithRouter(null, {
    ...options,
    locale,
    path,
    routes: (root) =>
      Object.entries(PAGES).flatMap(([name, Page]) =>
        ['', 'en/'].map((prefix) =>
          createRoute({
            getParentRoute: () => root,
            path: `${prefix}${name}`,
            component: () => (
              <>
                <Page />
                <ToastHost />
              </>
            ),
          }),
        ),
      ),
  });
}

/** The field with this label (input or select). */
export const field = (label: string | RegExp) => screen.getByLabelText(label);

/** The inline error tied to a field through aria-describedby. */
export function errorOf(label: string | RegExp): string | null {
  const input = field(label);
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ') || null;
}

/** Passes the slider captcha with the keyboard (the mocked verify accepts any position). */
export async function passCaptcha(user: UserEvent) {
  const dialog = await screen.findByRole('dialog');
  const slider = await within(dialog).findByRole('slider');
  await screen.findByRole('img', { name: /拼图背景|Puzzle picture/ });
  await act(async () => slider.focus());
  await user.keyboard('{ArrowRight}{Enter}');
}
