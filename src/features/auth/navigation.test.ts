import { safeRedirect } from './navigation';

const origin = 'http://localhost:3030';
const desktop = { origin, workbenchUrl: '/workbench/function_introduction', isMobile: false };

/** Where a browser ends up when the page assigns `target` (what leavePage.assign does). */
const landsOn = (target: string) => new URL(target, origin).origin;

describe('safeRedirect', () => {
  it.each([
    '/workbench/function_introduction',
    '/en/business-college/operate/3001',
    '/business-college?page=2#top',
    '/a/../workbench/function_introduction',
  ])('follows the same-origin path %s', (redirect) => {
    const target = safeRedirect(redirect, desktop);
    expect(target).not.toBeNull();
    expect(landsOn(target as string)).toBe(origin);
  });

  // Dot segments and encodings that the URL parser turns into `//host` after the input check.
  it.each([
    '/.//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/%2E//evil.example',
    '/en/..//evil.example/phish',
    '/./..//evil.example',
    '/a/b/../..//evil.example/x?y=1',
    // The classic ones.
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'https://evil.example/',
    'http:evil.example',
    'javascript:alert(1)',
    ' /workbench',
    'evil.example',
    '',
  ])('refuses %j, which would leave the site', (redirect) => {
    const target = safeRedirect(redirect, desktop);
    if (target !== null) expect(landsOn(target)).toBe(origin);
    expect(target).toBeNull();
  });

  it('refuses non-strings and the auth pages', () => {
    expect(safeRedirect(undefined, desktop)).toBeNull();
    expect(safeRedirect(['/workbench'], desktop)).toBeNull();
    expect(safeRedirect('/login', desktop)).toBeNull();
    expect(safeRedirect('/en/register/', desktop)).toBeNull();
  });

  it('follows only the workbench on phones', () => {
    const phone = { ...desktop, isMobile: true };
    expect(safeRedirect('/workbench/function_introduction?x=1', phone)).toBe('/workbench/function_introduction?x=1');
    expect(safeRedirect('/business-college', phone)).toBeNull();
  });
});
