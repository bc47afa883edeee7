import { describe, expect, it } from 'vitest';
import { pageRedirect } from './page-rules';

describe('page rules', () => {
  it('sends mobile visitors of any page but login, register and scan_code to register, keeping language and query', () => {
    expect(pageRedirect('/', '', true)).toBe('/register');
    expect(pageRedirect('/en', '?utm_term=x', true)).toBe('/en/register?utm_term=x');
    expect(pageRedirect('/business-college/operate/3', '?x=1', true)).toBe(
      '/register?x=1&redirect=%2Fbusiness-college%2Foperate%2F3',
    );
    expect(pageRedirect('/en/article/report', '', true)).toBe('/en/register?redirect=%2Farticle%2Freport');
  });

  it.each(['/login', '/register', '/scan_code', '/en/login', '/en/register', '/en/scan_code'])(
    'lets mobile visitors open %s',
    (path) => expect(pageRedirect(path, '?a=1', true)).toBeNull(),
  );

  // The landing after sign-in says to continue on a computer: a signed-in phone is never sent back to registration.
  it.each(['/workbench/function_introduction', '/en/workbench/function_introduction'])(
    'lets mobile visitors open the landing after sign-in, %s, and desktop ones too',
    (path) => {
      expect(pageRedirect(path, '', true)).toBeNull();
      expect(pageRedirect(path, '?a=1', false)).toBeNull();
    },
  );

  it('sends desktop visitors of scan_code home, in their language', () => {
    expect(pageRedirect('/scan_code', '', false)).toBe('/');
    expect(pageRedirect('/en/scan_code', '?a=1', false)).toBe('/en');
  });

  it('leaves every other desktop page alone', () => {
    for (const path of ['/', '/en', '/login', '/business-college/test', '/article/report/2', '/register']) {
      expect(pageRedirect(path, '', false)).toBeNull();
    }
  });
});
