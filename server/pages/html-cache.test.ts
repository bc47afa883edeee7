// @vitest-environment node
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildCachedPage, HtmlCache, matchesEtag, pickEncoding } from './html-cache';

const page = (body: string) => buildCachedPage(200, body, { 'content-type': 'text/html; charset=utf-8' });

describe('HTML cache', () => {
  it('expires entries after their time', async () => {
    let now = 5000;
    const cache = new HtmlCache({ ttlMs: 1000, now: () => now, strongEncodings: false });
    cache.set('a', await page('a'));
    now = 6000;
    expect(cache.get('a')?.identity.body.toString()).toBe('a');
    now = 6001;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.byteSize).toBe(0);
  });

  it('drops the least recently used entries when over its byte budget', async () => {
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((text) => page(text.repeat(10_000))));
    const cache = new HtmlCache({ ttlMs: 60_000, maxBytes: a.bytes * 2 + 10, strongEncodings: false });
    cache.set('a', a);
    cache.set('b', b);
    cache.get('a');
    cache.set('c', c);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(a);
    expect(cache.size).toBe(2);
    expect(cache.byteSize).toBeLessThanOrEqual(a.bytes * 2 + 10);
  });

  it('stores nothing when turned off', async () => {
    const cache = new HtmlCache({ ttlMs: 0 });
    cache.set('a', await page('a'));
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps each encoding with its own ETag and complete headers, and upgrades to strong compression', async () => {
    const html = `<html><body>${'<p>Some repeated text of a page. </p>'.repeat(2000)}</body></html>`;
    const entry = await page(html);
    expect(brotliDecompressSync(entry.br.body).toString()).toBe(html);
    expect(gunzipSync(entry.gzip.body).toString()).toBe(html);
    expect(entry.br.headers).toMatchObject({
      'content-encoding': 'br',
      'content-length': String(entry.br.body.length),
      'content-type': 'text/html; charset=utf-8',
    });
    expect(entry.identity.headers['content-encoding']).toBeUndefined();
    const etags = new Set([entry.identity.headers.etag, entry.br.headers.etag, entry.gzip.headers.etag]);
    expect(etags.size).toBe(3);
    // A 304 carries the validator, not the body's length, type or encoding.
    expect(entry.br.notModified).toEqual({ etag: entry.br.headers.etag });

    const cache = new HtmlCache({ ttlMs: 60_000 });
    const fastBr = entry.br.body.length;
    cache.set('a', entry);
    await cache.settled();
    // Only a page asked for again gets the strong compression.
    expect(entry.strong).toBe(false);
    cache.get('a');
    await cache.settled();
    const strong = cache.get('a');
    expect(strong?.strong).toBe(true);
    if (!strong) return;
    expect(strong.br.body.length).toBeLessThan(fastBr);
    expect(brotliDecompressSync(strong.br.body).toString()).toBe(html);
    expect(gunzipSync(strong.gzip.body).toString()).toBe(html);
    expect(strong.br.headers['content-length']).toBe(String(strong.br.body.length));
    expect(cache.byteSize).toBe(strong.bytes);
    expect(strong.bytes).toBeLessThan(entry.bytes);
  });
});

describe('content negotiation', () => {
  it('prefers brotli, falls back to gzip, honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('*')).toBe('gzip');
  });

  it('matches If-None-Match lists, weak tags and *', () => {
    expect(matchesEtag('"x"', '"x"')).toBe(true);
    expect(matchesEtag('"y", W/"x"', '"x"')).toBe(true);
    expect(matchesEtag('*', '"x"')).toBe(true);
    expect(matchesEtag('"x-br"', '"x"')).toBe(false);
    expect(matchesEtag(undefined, '"x"')).toBe(false);
  });
});
