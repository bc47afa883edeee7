/**
 * The factory for `vi.mock('~/lib/api/accounts', async () => (await import('./accounts-mock')).accountsMock())`:
 * every call a spy; the captcha passes and codes go out by default. Kept apart from test-utils, which imports
 * the pages (and so the mocked module).
 */
import { vi } from 'vitest';
import { fakePuzzle } from '#machines/captcha/captcha.testing';

export function accountsMock() {
  let puzzles = 0;
  return {
    captchaConfig: vi.fn(async () => ({ provider: 'builtin' as const, appId: null })),
    captchaPuzzle: vi.fn(async () => ({ ...fakePuzzle, captchaId: `puzzle-${++puzzles}` })),
    captchaVerify: vi.fn(async () => ({ ticket: 'ticket-1', expiresIn: 120 })),
    sendSmsCode: vi.fn(async () => ({ resendIn: 60, expiresIn: 300 })),
    login: vi.fn(),
    register: vi.fn(),
    resetPassword: vi.fn(async () => undefined),
  };
}
