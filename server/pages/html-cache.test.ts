// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { HtmlCache } from './html-cache';

const page = (body: string) => ({ status: 200, headers: [], body, etag: `"${body}"` });

describe('HTML cache', () => {
  it('expires entries after their time', () => {
    let now = 0;
    const cache = new HtmlCache(1000, 10, () => now);
    cache.set('a', page('a'));
    now = 999;
    expect(cache.get('a')?.body).toBe('a');
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the least recently used entry when full', () => {
    const cache = new HtmlCache(60_000, 2);
    cache.set('a', page('a'));
    cache.set('b', page('b'));
    cache.get('a');
    cache.set('c', page('c'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.body).toBe('a');
    expect(cache.size).toBe(2);
  });

  it('stores nothing when turned off', () => {
    const cache = new HtmlCache(0);
    cache.set('a', page('a'));
    expect(cache.get('a')).toBeUndefined();
  });
});
