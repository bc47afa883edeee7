import { describe, expect, it } from 'vitest';
import { localeFromPath, localizePath, pickBrowserLocale, stripLocale } from './locale';

describe('language of a path', () => {
  it.each([
    ['/', 'zh'],
    ['/login', 'zh'],
    ['/en', 'en'],
    ['/en/login', 'en'],
    ['/english', 'zh'],
  ])('%s is %s', (path, locale) => expect(localeFromPath(path)).toBe(locale));

  it('moves a page between languages, keeping the rest of the path', () => {
    expect(localizePath('/business-college/operate/3', 'en')).toBe('/en/business-college/operate/3');
    expect(localizePath('/en/business-college/operate/3', 'zh')).toBe('/business-college/operate/3');
    expect(localizePath('/en', 'zh')).toBe('/');
    expect(localizePath('/', 'en')).toBe('/en');
    expect(stripLocale('/en/login')).toBe('/login');
  });
});

describe('browser language', () => {
  it('takes the first supported language by quality', () => {
    expect(pickBrowserLocale('fr-FR,fr;q=0.9,en-US;q=0.8,zh;q=0.5')).toBe('en');
    expect(pickBrowserLocale('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(pickBrowserLocale('en;q=0.2, zh-TW;q=0.7')).toBe('zh');
    expect(pickBrowserLocale(['en-GB', 'zh-CN'])).toBe('en');
  });

  it('gives nothing for unsupported, empty or malformed preferences', () => {
    expect(pickBrowserLocale('fr, de;q=0.5')).toBeUndefined();
    expect(pickBrowserLocale('')).toBeUndefined();
    expect(pickBrowserLocale(undefined)).toBeUndefined();
    expect(pickBrowserLocale(';;;q=x,en;q=0')).toBeUndefined();
  });
});
