// @vitest-environment node
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { bilingual, type FixtureArticle, fixtureContent, writeArticle } from '../testing/college';
import { describeDatabases } from '../testing/databases';
import { loadCollegeContent } from './content';
import { seedCollege } from './seed';

const CONTENT_DIR = join(import.meta.dirname, '../../content/college');
const quiet = { log: () => {} };

const ARTICLES: FixtureArticle[] = [
  ...bilingual(1, 'operate', 'first', { title: '第一篇' }, { title: 'First' }),
  ...bilingual(2, 'operate', 'second', { title: '第二篇' }, { title: 'Second' }),
  ...bilingual(3, 'test', 'third', { title: '第三篇' }, { title: 'Third' }),
];

interface Row {
  id: number;
  lang: string;
  title: string;
  published: boolean;
  content_hash: string;
  updated_at: Date;
  body_html: string;
}

const rows = (db: Database) =>
  db.query<Row>(
    'select id, lang, title, published, content_hash, updated_at, body_html from college_articles order by id, lang',
  );

describeDatabases('seedCollege', (getDb) => {
  let dispose = () => {};
  afterEach(() => dispose());

  function fixture(articles = ARTICLES) {
    const content = fixtureContent(articles);
    dispose = content.dispose;
    return content.dir;
  }

  it('inserts every article once, in both languages', async () => {
    const dir = fixture();
    const result = await seedCollege(getDb(), dir, quiet);
    expect(result).toMatchObject({ inserted: 6, updated: 0, unpublished: 0, unchanged: 0, problems: [] });
    expect((await rows(getDb())).map((row) => `${row.id}/${row.lang}/${row.title}/${row.published}`)).toEqual([
      '1/en/First/true',
      '1/zh/第一篇/true',
      '2/en/Second/true',
      '2/zh/第二篇/true',
      '3/en/Third/true',
      '3/zh/第三篇/true',
    ]);
  });

  it('changes nothing when seeded again with the same files', async () => {
    const dir = fixture();
    await seedCollege(getDb(), dir, quiet);
    const before = await rows(getDb());
    const lines: string[] = [];
    const again = await seedCollege(getDb(), dir, { log: (line) => lines.push(line) });
    expect(again).toMatchObject({ inserted: 0, updated: 0, unpublished: 0, unchanged: 6 });
    expect(await rows(getDb())).toEqual(before);
    expect(lines).toEqual([]);
  });

  it('renders only what it writes: a restart renders no unchanged article, a row changed meanwhile gets its HTML', async () => {
    const dir = fixture();
    await seedCollege(getDb(), dir, quiet);
    const stored = await rows(getDb());
    const hashes = new Set(stored.map((row) => row.content_hash));
    const deferred = loadCollegeContent(dir, { renderedAlready: hashes }).articles;
    expect(deferred.every((article) => article.deferred && article.html === '')).toBe(true);
    // A row that no longer matches (unpublished by another process, say) is written with its rendered HTML.
    await getDb().query("update college_articles set published = false, body_html = '' where id = 2");
    const again = await seedCollege(getDb(), dir, quiet);
    expect(again).toMatchObject({ updated: 2, unchanged: 4 });
    const after = await rows(getDb());
    expect(after.map((row) => row.body_html)).toEqual(stored.map((row) => row.body_html));
    expect(after.every((row) => row.body_html.includes('<'))).toBe(true);
  });

  it('updates only the article whose file was edited', async () => {
    const dir = fixture();
    await seedCollege(getDb(), dir, quiet);
    const before = await rows(getDb());
    writeArticle(dir, {
      id: 2,
      section: 'operate',
      slug: 'second',
      lang: 'en',
      title: 'Second, revised',
      body: 'New **text**',
    });
    const result = await seedCollege(getDb(), dir, quiet);
    expect(result).toMatchObject({ inserted: 0, updated: 1, unpublished: 0, unchanged: 5 });
    const after = await rows(getDb());
    const changed = after.find((row) => row.id === 2 && row.lang === 'en');
    expect(changed?.title).toBe('Second, revised');
    expect(changed?.body_html).toBe('<p>New <strong>text</strong></p>\n');
    expect(changed?.content_hash).not.toBe(before.find((row) => row.id === 2 && row.lang === 'en')?.content_hash);
    expect(after.filter((row) => !(row.id === 2 && row.lang === 'en'))).toEqual(
      before.filter((row) => !(row.id === 2 && row.lang === 'en')),
    );
  });

  it('unpublishes the article of a removed file and publishes it again when the file is back', async () => {
    const dir = fixture();
    await seedCollege(getDb(), dir, quiet);
    rmSync(join(dir, 'test/third.zh.md'));
    rmSync(join(dir, 'test/third.en.md'));
    expect(await seedCollege(getDb(), dir, quiet)).toMatchObject({ unpublished: 2, unchanged: 4 });
    expect((await rows(getDb())).filter((row) => !row.published).map((row) => `${row.id}/${row.lang}`)).toEqual([
      '3/en',
      '3/zh',
    ]);
    // Seeding again does not unpublish twice.
    expect(await seedCollege(getDb(), dir, quiet)).toMatchObject({ unpublished: 0, unchanged: 4 });

    writeArticle(dir, ARTICLES[4]);
    writeArticle(dir, ARTICLES[5]);
    expect(await seedCollege(getDb(), dir, quiet)).toMatchObject({ inserted: 0, updated: 2, unchanged: 4 });
    expect((await rows(getDb())).every((row) => row.published)).toBe(true);
  });

  it('leaves the database alone when the content folder is missing', async () => {
    const dir = fixture();
    await seedCollege(getDb(), dir, quiet);
    const lines: string[] = [];
    const result = await seedCollege(getDb(), join(dir, 'nope'), { log: (line) => lines.push(line) });
    expect(result).toMatchObject({ inserted: 0, updated: 0, unpublished: 0 });
    expect(lines.join('\n')).toMatch(/no such folder/);
    expect((await rows(getDb())).every((row) => row.published)).toBe(true);
  });

  it('seeds the repository content: every section in both languages, idempotently', async () => {
    const first = await seedCollege(getDb(), CONTENT_DIR, quiet);
    expect(first.problems).toEqual([]);
    expect(first.inserted).toBeGreaterThanOrEqual(80);
    const second = await seedCollege(getDb(), CONTENT_DIR, quiet);
    expect(second).toMatchObject({ inserted: 0, updated: 0, unpublished: 0, unchanged: first.inserted });
    const counts = await getDb().query<{ section: string; lang: string; n: number }>(
      'select section, lang, count(*) as n from college_articles where published group by section, lang',
    );
    expect(counts).toHaveLength(10);
    for (const count of counts) expect(count.n, `${count.section}/${count.lang}`).toBeGreaterThanOrEqual(8);
  });

  it('gives the same result when two servers seed at the same time', async () => {
    const dir = fixture();
    const [a, b] = await Promise.all([seedCollege(getDb(), dir, quiet), seedCollege(getDb(), dir, quiet)]);
    expect(a.inserted + b.inserted).toBe(6);
    expect(a.unchanged + b.unchanged).toBe(6);
    expect(await rows(getDb())).toHaveLength(6);
  });
});
