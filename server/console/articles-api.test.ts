// @vitest-environment node
/**
 * The console's article calls through the console's own app, on PGlite and PostgreSQL: a draft created, saved,
 * refused with the field named (slug clash, missing translation, a picture not uploaded here, a time in the past),
 * published (what the public queries return, the Shanghai day, the audit's before and after, the announced change),
 * scheduled and published by the scheduler once, unpublished; the list's filters and cursor; the preview link and the
 * live preview; who may call them.
 */
import { expect, it } from 'vitest';
import { CONSOLE_CODES } from '../../shared/contract/console';
import {
  ARTICLE_CODES,
  articleData,
  articleListData,
  PREVIEW_LINK_TTL_MS,
} from '../../shared/contract/console-articles';
import { previewArticle } from '../college/preview';
import { previewSecret, verifyPreviewToken } from '../college/preview-token';
import type { ArticleAnswer, ArticleList } from '../college/publishing';
import { publishDue } from '../college/publishing';
import { findArticle, listArticles, searchArticles } from '../college/repository';
import { seedCollege } from '../college/seed';
import type { Database } from '../db/database';
import { bilingual, fixtureContent, recordedCollegeChanges } from '../testing/college';
import { type ConsoleHarness, consoleHarness } from '../testing/console-harness';
import { describeDatabases } from '../testing/databases';
import { insertMediaRow } from '../testing/media-fixtures';

/** 01:30 on 2026-11-22 in Shanghai (still the 21st in UTC). */
const START = new Date('2026-11-21T17:30:00Z');
const PICTURE = 'a1'.repeat(16);
const OTHER_PICTURE = 'b2'.repeat(16);

const draft = {
  section: 'operate',
  slug: 'spring-sale',
  tags: ['活动'],
  zh: { title: '春季大促', summary: '春季大促的准备', body: '## 准备\n\n春季**大促**的清单。' },
  en: { title: 'Spring sale', summary: 'Getting ready for the spring sale', body: '## Ready\n\nThe **spring** list.' },
};

const addPicture = (db: Database, id = PICTURE) =>
  insertMediaRow(db, { id, width: 2000, height: 1000, webpWidth: 1440, webpHeight: 720 });

const auditOf = (db: Database, action?: string) =>
  db.query<{ action: string; operator_name: string | null; before: unknown; after: unknown }>(
    `select action, operator_name, before, after from operator_audit
      where action like 'article.%' ${action ? 'and action = $1' : ''} order by id`,
    action ? [action] : [],
  );

const live = (db: Database, id: number) =>
  db.query<{
    lang: string;
    title: string;
    published: boolean;
    published_on: string;
    body_html: string;
    tags: string[];
  }>(
    `select lang, title, published, to_char(published_on, 'YYYY-MM-DD') as published_on, body_html, tags
       from college_articles where id = $1 order by lang`,
    [id],
  );

async function editor(db: Database) {
  const collegeChanges = recordedCollegeChanges();
  const h = await consoleHarness(db, { role: 'editor', start: START, deps: { collegeChanges } });
  return { h, announce: collegeChanges.announce };
}

async function create(h: ConsoleHarness, body: object = draft) {
  const answer = await h.call<ArticleAnswer>('POST', '/articles', body);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data as ArticleAnswer;
}

describeDatabases('console articles', (getDb) => {
  it('creates a draft readers do not see, audited with its content', async () => {
    const db = getDb();
    const { h, announce } = await editor(db);
    const article = await create(h);
    expect(article).toMatchObject({
      section: 'operate',
      slug: 'spring-sale',
      tags: ['活动'],
      cover: null,
      state: 'draft',
      publishAt: null,
      publishedAt: null,
      origin: 'console',
      unpublishedChanges: false,
      zh: draft.zh,
      en: draft.en,
      views: 0,
      likes: 0,
      updatedAt: START.toISOString(),
      links: { zh: null, en: null },
    });
    expect(article.id).toBeGreaterThanOrEqual(1_000_001);
    // The answers are the contract's shapes.
    expect(articleData.strict().parse(article)).toEqual(article);
    const listed = (await h.call<ArticleList>('GET', '/articles')).body.data;
    expect(articleListData.parse(listed)).toEqual(listed);
    expect(await live(db, article.id)).toEqual([]);
    expect(announce).not.toHaveBeenCalled();
    const [entry] = await auditOf(db);
    expect(entry).toMatchObject({ action: 'article.create', operator_name: h.operator.name });
    expect(entry.after).toMatchObject({ id: article.id, slug: 'spring-sale', zh: draft.zh });

    const read = await h.call<ArticleAnswer>('GET', `/articles/${article.id}`);
    expect(read.body.data).toEqual(article);
    // Only one language so far is a draft too.
    const half = await create(h, { section: 'test', slug: 'half', tags: [], zh: draft.zh });
    expect([half.zh?.title, half.en]).toEqual(['春季大促', null]);
  });

  it('refuses a slug the section has (409, field slug), on create and save; another section may have it', async () => {
    const { h } = await editor(getDb());
    const first = await create(h);
    const clash = await h.call('POST', '/articles', draft);
    expect([clash.status, clash.body.code, clash.body.data]).toEqual([409, ARTICLE_CODES.slugTaken, { field: 'slug' }]);
    expect(clash.body.message).toBe('这个栏目已有一篇文章使用此 slug');
    const second = await create(h, { ...draft, section: 'test' });
    const moved = await h.call('PUT', `/articles/${second.id}`, { ...draft, section: 'operate' });
    expect([moved.status, moved.body.code, moved.body.data]).toEqual([409, ARTICLE_CODES.slugTaken, { field: 'slug' }]);
    expect((await h.call<ArticleAnswer>('GET', `/articles/${second.id}`)).body.data?.section).toBe('test');
    // Its own slug is no clash.
    expect((await h.call('PUT', `/articles/${first.id}`, { ...draft, tags: ['新'] })).status).toBe(200);
    const malformed = await h.call('POST', '/articles', { ...draft, slug: 'Bad Slug' });
    expect([malformed.status, malformed.body.code, malformed.body.data]).toEqual([400, 40000, { field: 'slug' }]);
  });

  it('takes a cover only when it was uploaded here (40146, field cover)', async () => {
    const db = getDb();
    const { h } = await editor(db);
    const unknown = await h.call('POST', '/articles', { ...draft, cover: `/media/${PICTURE}.webp` });
    expect([unknown.status, unknown.body.code, unknown.body.data]).toEqual([
      400,
      ARTICLE_CODES.unknownMedia,
      { field: 'cover' },
    ]);
    const elsewhere = await h.call('POST', '/articles', { ...draft, cover: 'https://evil.example/x.webp' });
    expect([elsewhere.status, elsewhere.body.data]).toEqual([400, { field: 'cover' }]);
    expect(await db.query('select 1 from college_posts')).toEqual([]);
    await addPicture(db);
    const article = await create(h, { ...draft, cover: `/media/${PICTURE}.webp` });
    expect(article.cover).toBe(`/media/${PICTURE}.webp`);
    const swapped = await h.call('PUT', `/articles/${article.id}`, { ...draft, cover: `/media/${OTHER_PICTURE}.webp` });
    expect([swapped.status, swapped.body.code]).toEqual([400, ARTICLE_CODES.unknownMedia]);
    // null takes it off; leaving it out keeps it.
    const kept = await h.call<ArticleAnswer>('PUT', `/articles/${article.id}`, { ...draft, tags: ['x'] });
    expect(kept.body.data?.cover).toBe(`/media/${PICTURE}.webp`);
    const removed = await h.call<ArticleAnswer>('PUT', `/articles/${article.id}`, { ...draft, cover: null });
    expect(removed.body.data?.cover).toBeNull();
  });

  it('saves the working copy (audited: what changed, before and after); a save that changes nothing writes nothing', async () => {
    const db = getDb();
    const { h } = await editor(db);
    const article = await create(h, { ...draft, en: undefined });
    h.advance(5_000);
    const saved = await h.call<ArticleAnswer>('PUT', `/articles/${article.id}`, {
      ...draft,
      en: undefined,
      zh: { ...draft.zh, title: '春季大促 2027' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      zh: { ...draft.zh, title: '春季大促 2027' },
      en: null,
      state: 'draft',
      editedInConsole: true,
      updatedAt: h.now().toISOString(),
    });
    h.advance(5_000);
    const same = await h.call<ArticleAnswer>('PUT', `/articles/${article.id}`, {
      ...draft,
      en: undefined,
      zh: { ...draft.zh, title: '春季大促 2027' },
    });
    expect(same.body.data?.updatedAt).toBe(saved.body.data?.updatedAt);
    const saves = await auditOf(db, 'article.save');
    expect(saves).toHaveLength(1);
    expect(saves[0].before).toEqual({ id: article.id, zh: draft.zh });
    expect(saves[0].after).toEqual({ id: article.id, zh: { ...draft.zh, title: '春季大促 2027' } });

    const missing = await h.call('PUT', '/articles/9999999', draft);
    expect([missing.status, missing.body.code]).toEqual([404, ARTICLE_CODES.articleNotFound]);
    for (const path of ['/articles/9999999', '/articles/abc', '/articles/0']) {
      const answer = await h.call('GET', path);
      expect([answer.status, answer.body.code], path).toEqual([404, ARTICLE_CODES.articleNotFound]);
    }
    for (const path of ['/articles/9999999/publish', '/articles/9999999/unpublish', '/articles/9999999/preview-link']) {
      const answer = await h.call('POST', path, {});
      expect([answer.status, answer.body.code], path).toEqual([404, ARTICLE_CODES.articleNotFound]);
    }
    const noBody = await h.call('POST', '/articles/preview', {});
    expect([noBody.status, noBody.body.code, noBody.body.data]).toEqual([400, 40000, { field: 'body' }]);
    const badAt = await h.call('POST', `/articles/${article.id}/publish`, { at: 'tomorrow' });
    expect([badAt.status, badAt.body.code, badAt.body.data]).toEqual([400, 40000, { field: 'at' }]);
    const extra = await h.call('PUT', `/articles/${article.id}`, { ...draft, state: 'published' });
    expect([extra.status, extra.body.code]).toEqual([400, 40000]);
  });

  it('refuses to publish a missing or empty translation, naming it (400/40141), and a picture not uploaded here', async () => {
    const db = getDb();
    const { h, announce } = await editor(db);
    const article = await create(h, { ...draft, en: undefined });
    const publish = () => h.call('POST', `/articles/${article.id}/publish`, {});
    const noEnglish = await publish();
    expect([noEnglish.status, noEnglish.body.code, noEnglish.body.data]).toEqual([
      400,
      ARTICLE_CODES.missingTranslation,
      { field: 'en' },
    ]);
    expect(noEnglish.body.message).toBe('发布前须填写中文和英文的标题、摘要和正文');
    for (const [lang, field] of [
      ['en', 'summary'],
      ['zh', 'title'],
      ['zh', 'body'],
    ] as const) {
      const text = { ...draft[lang], [field]: field === 'body' ? '  \n' : '' };
      await h.call('PUT', `/articles/${article.id}`, { ...draft, [lang]: text });
      const refused = await publish();
      expect([refused.status, refused.body.code, refused.body.data]).toEqual([
        400,
        ARTICLE_CODES.missingTranslation,
        { field: `${lang}.${field}` },
      ]);
      await h.call('PUT', `/articles/${article.id}`, draft);
    }
    await h.call('PUT', `/articles/${article.id}`, {
      ...draft,
      en: { ...draft.en, body: `${draft.en.body}\n\n![x](https://evil.example/x.png)` },
    });
    const foreign = await publish();
    expect([foreign.status, foreign.body.code, foreign.body.data]).toEqual([
      400,
      ARTICLE_CODES.unknownMedia,
      { field: 'en.body' },
    ]);
    await h.call('PUT', `/articles/${article.id}`, {
      ...draft,
      zh: { ...draft.zh, body: `${draft.zh.body}\n\n![图](/media/${PICTURE}.webp)` },
    });
    const notUploaded = await publish();
    expect([notUploaded.body.code, notUploaded.body.data]).toEqual([ARTICLE_CODES.unknownMedia, { field: 'zh.body' }]);
    expect(await live(db, article.id)).toEqual([]);
    expect(await auditOf(db, 'article.publish')).toEqual([]);
    expect(announce).not.toHaveBeenCalled();
    await addPicture(db);
    expect((await publish()).status).toBe(200);
  });

  it('publishes: the public queries show it on the Shanghai day; an edit shows only when published again', async () => {
    const db = getDb();
    const { h, announce } = await editor(db);
    const article = await create(h);
    const published = await h.call<ArticleAnswer>('POST', `/articles/${article.id}/publish`, {});
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({
      state: 'published',
      publishAt: null,
      publishedAt: START.toISOString(),
      unpublishedChanges: false,
      links: {
        zh: `http://localhost:3030/business-college/operate/${article.id}`,
        en: `http://localhost:3030/en/business-college/operate/${article.id}`,
      },
    });
    expect(announce).toHaveBeenCalledTimes(1);
    const rows = await live(db, article.id);
    expect(rows.map((row) => [row.lang, row.title, row.published, row.published_on, row.tags])).toEqual([
      ['en', 'Spring sale', true, '2026-11-22', ['活动']],
      ['zh', '春季大促', true, '2026-11-22', ['活动']],
    ]);
    const found = await findArticle(db, article.id, 'en', 'StarReach');
    expect(found?.article).toMatchObject({ title: 'Spring sale', section: 'operate', date: '2026-11-22' });
    expect(found?.article.html).toBe('<h2>Ready</h2>\n<p>The <strong>spring</strong> list.</p>\n');
    const list = await listArticles(db, { lang: 'zh', section: 'operate', page: 1, pageSize: 10, brandName: 'X' });
    expect(list.items.map((item) => item.id)).toEqual([article.id]);
    const search = await searchArticles(db, {
      lang: 'zh',
      terms: ['清单'],
      page: 1,
      pageSize: 10,
      brandName: 'X',
    });
    expect(search.items.map((item) => item.id)).toEqual([article.id]);
    const [publishEntry] = await auditOf(db, 'article.publish');
    expect(publishEntry.before).toEqual({
      id: article.id,
      state: 'draft',
      publishAt: null,
      publishedAt: null,
      live: null,
    });
    expect(publishEntry.after).toMatchObject({
      state: 'published',
      live: { zh: { title: '春季大促', summary: '春季大促的准备' }, en: { title: 'Spring sale' } },
    });

    // A day later: an edit is saved, readers still see the published text until it is published again.
    h.advance(24 * 3600_000);
    await h.signIn();
    const edited = await h.call<ArticleAnswer>('PUT', `/articles/${article.id}`, {
      ...draft,
      en: { ...draft.en, title: 'Spring sale, revised' },
    });
    expect(edited.body.data?.unpublishedChanges).toBe(true);
    expect((await findArticle(db, article.id, 'en', 'X'))?.article.title).toBe('Spring sale');
    expect(announce).toHaveBeenCalledTimes(1);
    const again = await h.call<ArticleAnswer>('POST', `/articles/${article.id}/publish`, {});
    expect(again.body.data).toMatchObject({ unpublishedChanges: false, publishedAt: START.toISOString() });
    expect((await findArticle(db, article.id, 'en', 'X'))?.article).toMatchObject({
      title: 'Spring sale, revised',
      date: '2026-11-22',
    });
    expect(announce).toHaveBeenCalledTimes(2);
  });

  it('schedules: refused in the past (40144, field at); published by the scheduler at its time, once', async () => {
    const db = getDb();
    const { h, announce } = await editor(db);
    const article = await create(h);
    const past = await h.call('POST', `/articles/${article.id}/publish`, { at: START.toISOString() });
    expect([past.status, past.body.code, past.body.data]).toEqual([400, ARTICLE_CODES.scheduleInPast, { field: 'at' }]);
    const at = new Date(START.getTime() + 3600_000);
    const scheduled = await h.call<ArticleAnswer>('POST', `/articles/${article.id}/publish`, {
      at: '2026-11-22T02:30:00+08:00',
    });
    expect(scheduled.body.data).toMatchObject({ state: 'scheduled', publishAt: at.toISOString(), publishedAt: null });
    expect((await auditOf(db, 'article.schedule'))[0].after).toMatchObject({
      state: 'scheduled',
      publishAt: at.toISOString(),
    });
    const deps = { db, now: h.now, collegeChanges: h.deps.collegeChanges };
    h.setNow(new Date(at.getTime() - 1));
    expect(await publishDue(deps)).toBe(0);
    expect(await live(db, article.id)).toEqual([]);
    h.setNow(at);
    expect(await publishDue(deps)).toBe(1);
    await h.signIn();
    expect(await publishDue(deps)).toBe(0);
    expect((await live(db, article.id)).map((row) => row.published)).toEqual([true, true]);
    const read = await h.call<ArticleAnswer>('GET', `/articles/${article.id}`);
    expect(read.body.data).toMatchObject({ state: 'published', publishAt: null, publishedAt: at.toISOString() });
    const entries = await auditOf(db, 'article.publish');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ operator_name: null, before: { state: 'scheduled' } });
    expect(announce).toHaveBeenCalledTimes(1);
  });

  it('a scheduled article emptied since is not published at its time, and the audit says why', async () => {
    const db = getDb();
    const { h } = await editor(db);
    const article = await create(h);
    await h.call('POST', `/articles/${article.id}/publish`, { at: new Date(START.getTime() + 60_000).toISOString() });
    await h.call('PUT', `/articles/${article.id}`, { ...draft, en: { ...draft.en, body: '' } });
    h.advance(60_000);
    expect(await publishDue({ db, now: h.now })).toBe(0);
    expect(await live(db, article.id)).toEqual([]);
    expect((await h.call<ArticleAnswer>('GET', `/articles/${article.id}`)).body.data?.state).toBe('draft');
    const [failed] = await auditOf(db, 'article.schedule_failed');
    expect(failed.after).toMatchObject({ state: 'draft', reason: { code: 40141, data: { field: 'en.body' } } });
  });

  it('unpublishes (readers no longer see it, likes kept) or cancels a schedule; 409 when neither', async () => {
    const db = getDb();
    const { h, announce } = await editor(db);
    const article = await create(h);
    const early = await h.call('POST', `/articles/${article.id}/unpublish`, {});
    expect([early.status, early.body.code]).toEqual([409, ARTICLE_CODES.notPublished]);
    await h.call('POST', `/articles/${article.id}/publish`, { at: new Date(START.getTime() + 60_000).toISOString() });
    const cancelled = await h.call<ArticleAnswer>('POST', `/articles/${article.id}/unpublish`, {});
    expect(cancelled.body.data).toMatchObject({ state: 'draft', publishAt: null });
    h.advance(120_000);
    expect(await publishDue({ db, now: h.now })).toBe(0);
    expect(announce).not.toHaveBeenCalled();

    await h.call('POST', `/articles/${article.id}/publish`, {});
    await db.query('insert into college_like_counts (article_id, likes) values ($1, 3)', [article.id]);
    const gone = await h.call<ArticleAnswer>('POST', `/articles/${article.id}/unpublish`, {});
    expect(gone.body.data).toMatchObject({ state: 'unpublished', likes: 3, links: { zh: null, en: null } });
    expect((await live(db, article.id)).map((row) => row.published)).toEqual([false, false]);
    expect(await findArticle(db, article.id, 'zh', 'X')).toBeNull();
    expect(announce).toHaveBeenCalledTimes(2);
    const entries = await auditOf(db, 'article.unpublish');
    expect(entries.map((entry) => [entry.before, entry.after])).toEqual([
      [
        {
          id: article.id,
          state: 'scheduled',
          publishAt: new Date(START.getTime() + 60_000).toISOString(),
          publishedAt: null,
          live: [],
        },
        { id: article.id, state: 'draft', publishAt: null, publishedAt: null, live: [] },
      ],
      [
        expect.objectContaining({ state: 'published', live: ['en', 'zh'] }),
        expect.objectContaining({ state: 'unpublished', live: [] }),
      ],
    ]);
    const twice = await h.call('POST', `/articles/${article.id}/unpublish`, {});
    expect([twice.status, twice.body.code]).toEqual([409, ARTICLE_CODES.notPublished]);
  });

  it('lists by section, language, state and words, newest change first, page by page', async () => {
    const { h } = await editor(getDb());
    const ids: number[] = [];
    for (const [index, section] of (['operate', 'test', 'operate'] as const).entries()) {
      h.advance(1_000);
      const made = await create(h, {
        section,
        slug: `post-${index}`,
        tags: [],
        zh: { title: `文章${index}`, summary: '', body: '' },
        ...(index === 1 ? { en: { title: 'Post 100%', summary: '', body: '' } } : {}),
      });
      ids.push(made.id);
    }
    const list = async (query: string) => {
      const answer = await h.call<ArticleList>('GET', `/articles${query}`);
      expect(answer.status, answer.text).toBe(200);
      return answer.body.data as ArticleList;
    };
    expect((await list('')).items.map((item) => item.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await list('?section=operate')).items.map((item) => item.id)).toEqual([ids[2], ids[0]]);
    expect((await list('?lang=en')).items.map((item) => [item.id, item.titles])).toEqual([
      [ids[1], { zh: '文章1', en: 'Post 100%' }],
    ]);
    expect((await list('?q=100%25')).items.map((item) => item.id)).toEqual([ids[1]]);
    expect((await list('?q=post-2')).items.map((item) => item.id)).toEqual([ids[2]]);
    expect((await list('?q=%25')).items.map((item) => item.id)).toEqual([ids[1]]);
    h.advance(1_000);
    await h.call('PUT', `/articles/${ids[0]}`, {
      section: 'operate',
      slug: 'post-0',
      tags: [],
      zh: draft.zh,
      en: draft.en,
    });
    await h.call('POST', `/articles/${ids[0]}/publish`, {});
    expect((await list('?state=published')).items.map((item) => [item.id, item.state])).toEqual([
      [ids[0], 'published'],
    ]);
    expect((await list('?state=draft')).items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    const first = await list('?limit=2');
    expect(first.items.map((item) => item.id)).toEqual([ids[0], ids[2]]);
    const second = await list(`?limit=2&cursor=${first.nextCursor}`);
    expect(second).toEqual({ items: [expect.objectContaining({ id: ids[1] })], nextCursor: null });
    const bad = await h.call('GET', '/articles?cursor=nope');
    expect([bad.status, bad.body.code]).toEqual([400, 40000]);
    const badState = await h.call('GET', '/articles?state=gone');
    expect([badState.status, badState.body.data]).toEqual([400, { field: 'state' }]);
  });

  it('takes a long article (both languages near their 200 000 characters); the other calls keep their 16 KB', async () => {
    const { h } = await editor(getDb());
    const long = {
      ...draft,
      zh: { ...draft.zh, body: '长'.repeat(199_000) },
      en: { ...draft.en, body: 'é'.repeat(199_000) },
    };
    const created = await h.call<ArticleAnswer>('POST', '/articles', long);
    expect(created.status, created.text.slice(0, 200)).toBe(200);
    expect(created.body.data?.zh?.body).toHaveLength(199_000);
    const saved = await h.call('PUT', `/articles/${created.body.data?.id}`, { ...long, tags: ['长文'] });
    expect(saved.status).toBe(200);
    expect((await h.call('POST', '/articles/preview', { body: long.zh.body })).status).toBe(200);
    const huge = await h.call('POST', '/articles', undefined, {
      raw: JSON.stringify({ ...long, x: 'x'.repeat(1_600_000) }),
    });
    expect(huge.status).toBe(413);
    const other = await h.call('POST', '/logout', undefined, { raw: JSON.stringify({ x: 'x'.repeat(20_000) }) });
    expect(other.status).toBe(413);
  });

  it('signs a preview link for a day; renders the live preview with the public renderer', async () => {
    const db = getDb();
    const { h } = await editor(db);
    const article = await create(h);
    const link = await h.call<{ url: string; expiresAt: string }>('POST', `/articles/${article.id}/preview-link`, {});
    expect(link.status).toBe(200);
    const expiresAt = new Date(START.getTime() + PREVIEW_LINK_TTL_MS);
    expect(link.body.data?.expiresAt).toBe(expiresAt.toISOString());
    const token = /^http:\/\/localhost:3030\/business-college\/preview\/([\w.-]+)$/.exec(
      link.body.data?.url ?? '',
    )?.[1];
    const secret = await previewSecret(db);
    expect(verifyPreviewToken(token ?? '', secret, START)).toEqual({ id: article.id, expiresAt });
    expect(verifyPreviewToken(token ?? '', secret, expiresAt)).toBeNull();
    // What the portal's preview page draws from the token: the working copy, rendered, the brand filled in.
    await h.call('PUT', `/articles/${article.id}`, { ...draft, zh: { ...draft.zh, title: '{brandName}春季大促' } });
    const shown = await previewArticle(db, { id: article.id, lang: 'zh', brandName: 'StarReach', now: START });
    expect(shown?.article).toMatchObject({
      id: article.id,
      section: 'operate',
      title: 'StarReach春季大促',
      date: '2026-11-22',
      tags: ['活动'],
      cover: null,
      html: '<h2>准备</h2>\n<p>春季<strong>大促</strong>的清单。</p>\n',
    });
    expect(await previewArticle(db, { id: 9999999, lang: 'zh', brandName: 'StarReach', now: START })).toBeNull();
    const missing = await h.call('POST', '/articles/9999999/preview-link', {});
    expect([missing.status, missing.body.code]).toEqual([404, ARTICLE_CODES.articleNotFound]);

    const preview = await h.call<{ html: string }>('POST', '/articles/preview', {
      body: '## 标题\n\n<script>alert(1)</script> [x](javascript:alert(1))',
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data?.html).toBe(
      '<h2>标题</h2>\n<p>&lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1))</p>\n',
    );
  });

  it('is for the owner and the editor: support gets 403/40103; every write needs the CSRF token', async () => {
    const db = getDb();
    const owner = await consoleHarness(db, { role: 'owner', start: START });
    const article = await create(owner);
    const support = await consoleHarness(db, { role: 'support', start: START });
    for (const [method, path, body] of [
      ['GET', '/articles', undefined],
      ['GET', `/articles/${article.id}`, undefined],
      ['POST', '/articles', { ...draft, slug: 'other' }],
      ['PUT', `/articles/${article.id}`, draft],
      ['POST', `/articles/${article.id}/publish`, {}],
      ['POST', `/articles/${article.id}/unpublish`, {}],
      ['POST', `/articles/${article.id}/preview-link`, {}],
      ['POST', '/articles/preview', { body: 'x' }],
    ] as const) {
      const answer = await support.call(method, path, body);
      expect([answer.status, answer.body.code], `${method} ${path}`).toEqual([403, CONSOLE_CODES.forbidden]);
    }
    const forged = await owner.call('POST', `/articles/${article.id}/publish`, {}, { csrf: null });
    expect([forged.status, forged.body.code]).toEqual([403, CONSOLE_CODES.csrf]);
    const signedOut = await owner.call('GET', '/articles', undefined, { cookie: null });
    expect(signedOut.status).toBe(401);
    expect(await live(db, article.id)).toEqual([]);
    expect((await owner.call('POST', `/articles/${article.id}/publish`, {})).status).toBe(200);
  });

  it("takes over a file's article once the console changes it: the next seed leaves it alone", async () => {
    const db = getDb();
    const content = fixtureContent(
      bilingual(7, 'operate', 'from-file', { title: '文件里的' }, { title: 'From the file', tags: ['File'] }),
    );
    try {
      const quiet = { log: () => {} };
      await seedCollege(db, content.dir, quiet);
      const { h } = await editor(db);
      const seeded = await h.call<ArticleAnswer>('GET', '/articles/7');
      expect(seeded.body.data).toMatchObject({
        origin: 'file',
        editedInConsole: false,
        state: 'published',
        tags: ['测试'],
        zh: { title: '文件里的' },
        en: { title: 'From the file' },
        publishedAt: '2025-12-31T16:00:00.000Z',
      });
      // Seeding again with nothing changed in the console: nothing written.
      expect(await seedCollege(db, content.dir, quiet)).toMatchObject({ unchanged: 2, updated: 0, kept: 0 });
      const en = { ...(seeded.body.data?.en as object), title: 'Edited in the console' };
      await h.call('PUT', '/articles/7', { section: 'operate', slug: 'from-file', tags: ['测试'], en });
      await h.call('POST', '/articles/7/publish', {});
      expect(await seedCollege(db, content.dir, quiet)).toMatchObject({ updated: 0, unpublished: 0, kept: 2 });
      expect((await findArticle(db, 7, 'en', 'X'))?.article).toMatchObject({
        title: 'Edited in the console',
        date: '2026-01-01',
      });
      // Unpublished in the console: the file does not bring it back; its file removed: nothing changes either.
      await h.call('POST', '/articles/7/unpublish', {});
      expect(await seedCollege(db, content.dir, quiet)).toMatchObject({ updated: 0, kept: 2 });
      expect(await findArticle(db, 7, 'en', 'X')).toBeNull();
      const empty = fixtureContent([]);
      expect(await seedCollege(db, empty.dir, quiet)).toMatchObject({ unpublished: 0 });
      empty.dispose();
      expect((await h.call<ArticleAnswer>('GET', '/articles/7')).body.data?.en?.title).toBe('Edited in the console');
    } finally {
      content.dispose();
    }
  });

  it("draws the console's live rows again when the renderer changes (at the next seed), and only then", async () => {
    const db = getDb();
    const { h } = await editor(db);
    const article = await create(h);
    await h.call('POST', `/articles/${article.id}/publish`, {});
    const [row] = await db.query<{ content_hash: string; body_html: string }>(
      "select content_hash, body_html from college_articles where id = $1 and lang = 'zh'",
      [article.id],
    );
    expect(row.content_hash).toMatch(/^console:v\d+:[0-9a-f]{64}$/);
    const content = fixtureContent([]);
    try {
      expect(await seedCollege(db, content.dir, { log: () => {} })).toMatchObject({ rerendered: 0 });
      // As an older renderer left it:
      const old = row.content_hash.replace(/^console:v\d+:/, 'console:v0:');
      await db.query("update college_articles set body_html = 'old', content_hash = $2 where id = $1", [
        article.id,
        old,
      ]);
      expect(await seedCollege(db, content.dir, { log: () => {} })).toMatchObject({ rerendered: 2 });
      const [after] = await db.query<{ content_hash: string; body_html: string }>(
        "select content_hash, body_html from college_articles where id = $1 and lang = 'zh'",
        [article.id],
      );
      expect(after).toEqual(row);
    } finally {
      content.dispose();
    }
  });

  it("leaves out a file whose slug a console article took (an error in the seed's report)", async () => {
    const db = getDb();
    const { h } = await editor(db);
    await create(h, { ...draft, slug: 'from-file' });
    const content = fixtureContent(bilingual(7, 'operate', 'from-file', { title: '文件' }, { title: 'File' }));
    try {
      const result = await seedCollege(db, content.dir, { log: () => {} });
      expect(result.inserted).toBe(0);
      expect(result.problems.map((problem) => problem.severity)).toEqual(['error', 'error']);
      expect(await live(db, 7)).toEqual([]);
    } finally {
      content.dispose();
    }
  });
});
