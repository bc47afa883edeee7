import { describe, expect, it } from 'vitest';
import { type AutoOpenConditions, shouldAutoOpenCustomerService } from './auto-open';

const allowed: AutoOpenConditions = {
  isMobile: false,
  pathname: '/',
  storedFlag: null,
  somethingOpen: false,
  automated: false,
};

describe('shouldAutoOpenCustomerService', () => {
  it('opens on the desktop home page (zh or en) for a visitor who never closed it', () => {
    expect(shouldAutoOpenCustomerService(allowed)).toBe(true);
    expect(shouldAutoOpenCustomerService({ ...allowed, pathname: '/en' })).toBe(true);
    expect(shouldAutoOpenCustomerService({ ...allowed, storedFlag: 'true' })).toBe(true);
  });

  it.each([
    ['on mobile', { isMobile: true }],
    ['away from home', { pathname: '/login' }],
    ['on an English inner page', { pathname: '/en/register' }],
    ['after the visitor closed it', { storedFlag: 'false' }],
    ['over another open layer', { somethingOpen: true }],
    ['in an automated browser', { automated: true }],
  ] satisfies [string, Partial<AutoOpenConditions>][])('stays closed %s', (_name, change) => {
    expect(shouldAutoOpenCustomerService({ ...allowed, ...change })).toBe(false);
  });
});
