/** Migration 015: the articles seeded before it become posts published on their own day. */
import { expect, it } from 'vitest';
import { migrate, readMigrations } from './migrate';
import { openPGlite } from './pglite';

it('015 publishes the posts it makes from the articles on their publication day (Asia/Shanghai), not when seeded', async () => {
  const db = await openPGlite();
  try {
    await migrate(
      db,
      readMigrations().filter((migration) => migration.version < 15),
    );
    for (const lang of ['zh', 'en'])
      await db.query(
        `insert into college_articles (id, lang, section, slug, title, summary, published_on, body_markdown, body_html,
           body_text, content_hash, created_at)
         values (301, $1, 'operate', 'basics', 't', 's', '2026-03-05', 'b', '<p>b</p>', 'b', 'h', '2026-11-20T10:00:00Z')`,
        [lang],
      );
    await migrate(db);
    const [post] = await db.query<{ published_at: Date; created_at: Date }>(
      'select published_at, created_at from college_posts where id = 301',
    );
    expect(post.published_at.toISOString()).toBe('2026-03-04T16:00:00.000Z');
    expect(post.created_at.toISOString()).toBe('2026-11-20T10:00:00.000Z');
  } finally {
    await db.close();
  }
}, 60_000);
