// @vitest-environment node
/**
 * The console's article calls as a careless or hostile caller tries them: ids that are not ids, a list query and a
 * cursor written to break the SQL, fields the contract does not have (a state, an origin) to publish by a save,
 * control characters, a cover or picture from elsewhere, HTML and script links in the body of a published article,
 * and a draft looked for on the public side. Each refusal stores nothing.
 */
import { expect, it } from 'vitest';
import { ARTICLE_CODES } from '../../shared/contract/console-articles';
import type { ArticleAnswer, ArticleList } from '../college/publishing';
import { findArticle, searchArticles } from '../college/repository';
import type { Database } from '../db/database';
import { consoleHarness } from '../testing/console-harness';
import { describeDatabases } from '../testing/databases';

const draft = {
  section: 'operate',
  slug: 'plain',
  tags: ['x'],
  zh: { title: '标题', summary: '摘要', body: '正文' },
  en: { title: 'Title', summary: 'Summary', body: 'Body' },
};

const stored = async (db: Database) => ({
  posts: await db.query('select id, section, slug, state, origin, edited_in_console from college_posts order by id'),
  texts: await db.query('select id, lang, title, summary, body_markdown from college_post_texts order by id, lang'),
  live: await db.query('select id, lang, published from college_articles order by id, lang'),
});

describeDatabases('hostile: the console article calls', (getDb) => {
  it('answers 404 for ids that are not ids, and 400 for queries and cursors written to break the SQL', async () => {
    const h = await consoleHarness(getDb(), { role: 'editor' });
    const made = await h.call<ArticleAnswer>('POST', '/articles', draft);
    const id = made.body.data?.id as number;
    for (const path of ['1e3', '-1', '0', '99999999999', `${id}%00`, `${id}.0`, `0${id}`, ' 1']) {
      const answer = await h.call('GET', `/articles/${path}`);
      expect(answer.status, path).toBe(404);
      const put = await h.call('PUT', `/articles/${path}`, draft);
      expect(put.status, path).toBe(404);
    }
    for (const q of ["'; drop table college_posts; --", '%', '_', '\\', "' or 1=1 --"]) {
      const answer = await h.call<ArticleList>('GET', `/articles?q=${encodeURIComponent(q)}`);
      expect(answer.status, q).toBe(200);
      expect(answer.body.data?.items, q).toEqual([]);
    }
    for (const cursor of ['1.1;select', '-1.5', '99999999999999999999999.1', `1.${'9'.repeat(12)}`, '1,1', '']) {
      const answer = await h.call('GET', `/articles?cursor=${encodeURIComponent(cursor)}`);
      expect(answer.status, cursor).toBe(400);
    }
    // A cursor far in the future or past is only a page: all, or none.
    expect((await h.call<ArticleList>('GET', '/articles?cursor=99999999999999999.1')).body.data?.items).toHaveLength(1);
    expect((await h.call<ArticleList>('GET', '/articles?cursor=0.0')).body.data?.items).toEqual([]);
    expect((await h.call('GET', '/articles')).status).toBe(200);
  });

  it('refuses fields that would publish by a save, control characters, bad slugs, tags and pictures; stores nothing', async () => {
    const db = getDb();
    const h = await consoleHarness(db, { role: 'editor' });
    const made = await h.call<ArticleAnswer>('POST', '/articles', draft);
    const id = made.body.data?.id as number;
    const before = await stored(db);
    const refusals: [object, string, number][] = [
      [{ ...draft, state: 'published' }, '', 40000],
      [{ ...draft, origin: 'file' }, '', 40000],
      [{ ...draft, editedInConsole: false }, '', 40000],
      [{ ...draft, id: 1 }, '', 40000],
      [{ ...draft, zh: { ...draft.zh, published: true } }, 'zh', 40000],
      [{ ...draft, zh: { ...draft.zh, title: 'a\u0000b' } }, 'zh.title', 40000],
      [{ ...draft, en: { ...draft.en, body: 'x\u001b[31m' } }, 'en.body', 40000],
      [{ ...draft, slug: '../etc' }, 'slug', 40000],
      [{ ...draft, slug: 'a--b' }, 'slug', 40000],
      [{ ...draft, slug: 'ü' }, 'slug', 40000],
      [{ ...draft, section: 'admin' }, 'section', 40000],
      [{ ...draft, tags: ['a', 'b', 'c', 'd', 'e'] }, 'tags', 40000],
      [{ ...draft, tags: ['x'.repeat(31)] }, 'tags.0', 40000],
      [{ ...draft, tags: ['  '] }, 'tags.0', 40000],
      [{ ...draft, cover: 'javascript:alert(1)' }, 'cover', 40000],
      [{ ...draft, cover: '//evil.example/media/x.webp' }, 'cover', 40000],
      [{ ...draft, cover: `/media/${'a'.repeat(32)}.png` }, 'cover', 40000],
      [{ ...draft, cover: `/media/${'c'.repeat(32)}.webp` }, 'cover', ARTICLE_CODES.unknownMedia],
    ];
    for (const [body, field, code] of refusals) {
      const answer = await h.call('PUT', `/articles/${id}`, body);
      expect([answer.status, answer.body.code], JSON.stringify(body).slice(0, 80)).toEqual([400, code]);
      if (field) expect((answer.body.data as { field?: string })?.field, field).toBe(field);
    }
    expect(await stored(db)).toEqual(before);
    const wrongType = await h.call('PUT', `/articles/${id}`, undefined, {
      raw: JSON.stringify(draft),
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongType.status).toBe(415);
    const notJson = await h.call('PUT', `/articles/${id}`, undefined, { raw: '{"section":' });
    expect(notJson.status).toBe(400);
    expect(await stored(db)).toEqual(before);
  });

  it('publishes no HTML, script link or outside picture: the live page has escaped text only; a draft stays private', async () => {
    const db = getDb();
    const h = await consoleHarness(db, { role: 'editor' });
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[a](javascript:alert(1)) [b](vbscript:x) [c](data:text/html;base64,PHNjcmlwdD4=)',
      '<a href="javascript:alert(1)">x</a>',
    ].join('\n\n');
    const made = await h.call<ArticleAnswer>('POST', '/articles', {
      ...draft,
      slug: 'hostile',
      zh: { ...draft.zh, title: '秘密草稿', body: hostile },
      en: { ...draft.en, body: hostile },
    });
    const id = made.body.data?.id as number;
    // A draft: not on any public query, whatever its title.
    expect(await findArticle(db, id, 'zh', 'X')).toBeNull();
    const search = await searchArticles(db, { lang: 'zh', terms: ['秘密草稿'], page: 1, pageSize: 10, brandName: 'X' });
    expect(search.total).toBe(0);
    expect((await h.call('POST', `/articles/${id}/publish`, {})).status).toBe(200);
    const [row] = await db.query<{ body_html: string }>(
      "select body_html from college_articles where id = $1 and lang = 'en'",
      [id],
    );
    // Only paragraphs: every tag the author wrote is text, no link to a script, no picture.
    expect(row.body_html.match(/<[a-z]+/gi)).toEqual(['<p', '<p', '<p', '<p']);
    expect(row.body_html).not.toMatch(/href="/i);
    expect(row.body_html).toContain('&lt;script&gt;');
    const outside = await h.call('PUT', `/articles/${id}`, {
      ...draft,
      slug: 'hostile',
      en: { ...draft.en, body: '![x](//evil.example/x.webp) ![y](/media/../x.webp)' },
    });
    expect(outside.status).toBe(200);
    const refused = await h.call('POST', `/articles/${id}/publish`, {});
    expect([refused.status, refused.body.code, refused.body.data]).toEqual([
      400,
      ARTICLE_CODES.unknownMedia,
      { field: 'en.body' },
    ]);
  });
});
