/**
 * A draft as its article page would show it: the working copy (college_posts and college_post_texts) rendered with
 * the articles' renderer, for the holder of a signed preview link (./preview-token.ts). Never the live copy: what
 * readers see is college_articles (./repository.ts).
 */
import type { CollegeSection } from '../../shared/college-sections';
import type { ArticlePage } from '../../shared/contract/college';
import { shanghaiDay } from '../../shared/shanghai-day';
import type { Queryable } from '../db/database';
import type { ContentLang } from './content';
import { renderArticleBody } from './publishing';
import { fillBrand, relatedArticles } from './repository';

/** The working copy of article `id` in `lang` as an article page's data; null when it has no text in `lang`. */
export async function previewArticle(
  db: Queryable,
  input: { id: number; lang: ContentLang; brandName: string; now: Date },
): Promise<ArticlePage | null> {
  const { id, lang, brandName } = input;
  const [row] = await db.query<{
    section: CollegeSection;
    tags: string[];
    cover: string | null;
    cover_width: number | null;
    cover_height: number | null;
    published_at: Date | null;
    title: string;
    summary: string;
    body_markdown: string;
    updated_at: Date;
  }>(
    `select p.section, p.tags, p.cover, m.webp_width as cover_width, m.webp_height as cover_height, p.published_at,
            t.title, t.summary, t.body_markdown, greatest(p.updated_at, t.updated_at) as updated_at
       from college_posts p
       join college_post_texts t on t.id = p.id and t.lang = $2
       left join college_media m on m.id = substring(p.cover from '^/media/([0-9a-f]{32})\\.webp$')
      where p.id = $1`,
    [id, lang],
  );
  if (!row?.title.trim()) return null;
  const fill = (text: string) => fillBrand(text, brandName);
  const tags = row.tags.map(fill);
  // The day it was (or would be, today) published, in the portal's time zone, as the live page shows it.
  const day = shanghaiDay(row.published_at ?? input.now);
  return {
    article: {
      id,
      section: row.section,
      title: fill(row.title),
      summary: fill(row.summary),
      date: day,
      tags,
      cover: row.cover ? { url: row.cover, width: row.cover_width, height: row.cover_height } : null,
      html: fillBrand((await renderArticleBody(db, row.body_markdown)).html, brandName, true),
      updated: `${row.updated_at.toISOString().slice(0, 19)}Z`,
    },
    previous: null,
    next: null,
    related: await relatedArticles(db, { id, lang, section: row.section, tags: row.tags, brandName }),
  };
}
