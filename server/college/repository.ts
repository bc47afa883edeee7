/** The business college's queries; articles come back with `{brandName}` replaced by the brand's name. */
import { BRAND_NAME_TOKEN, type CollegeSection } from '../../shared/college-sections';
import type {
  ArticleCover,
  ArticleDetail,
  ArticleLink,
  ArticleSummary,
  RankedArticle,
  SearchHit,
} from '../../shared/contract/college';
import { shanghaiDayStart } from '../../shared/shanghai-day';
import type { Queryable } from '../db/database';
import { escapeHtml } from '../http/html';
import type { ContentLang } from './content';

/** Replaces the brand token; in HTML the name is escaped like any text. */
export function fillBrand(text: string, brandName: string, html = false): string {
  return text.split(BRAND_NAME_TOKEN).join(html ? escapeHtml(brandName) : brandName);
}

interface SummaryRow {
  id: number;
  section: CollegeSection;
  title: string;
  summary: string;
  date: string;
  tags: string[];
  cover: string | null;
  cover_width: number | null;
  cover_height: number | null;
}

/** The media id of a cover's `/media/<id>.webp` URL (SQL), for its stored WebP's size. */
const COVER_MEDIA = `substring(a.cover from '^/media/([0-9a-f]{32})\\.webp$')`;
/** The articles (a) with their cover's stored picture (m, when there is one): what SUMMARY_COLUMNS reads. */
const ARTICLES = `college_articles a left join college_media m on m.id = ${COVER_MEDIA}`;
/** The cover with its WebP's width and height when the picture is stored (null otherwise). */
const COVER_COLUMNS = 'a.cover, m.webp_width as cover_width, m.webp_height as cover_height';
const SUMMARY_COLUMNS = `a.id, a.section, a.title, a.summary, to_char(a.published_on, 'YYYY-MM-DD') as date, a.tags,
  ${COVER_COLUMNS}`;
/** Newest first; the id breaks ties so the order (and previous/next) is total. */
const LIST_ORDER = 'a.published_on desc, a.id desc';

function summaryOf(row: SummaryRow, brandName: string): ArticleSummary {
  return {
    id: row.id,
    section: row.section,
    title: fillBrand(row.title, brandName),
    summary: fillBrand(row.summary, brandName),
    date: row.date,
    tags: row.tags.map((tag) => fillBrand(tag, brandName)),
    cover: coverOf(row),
  };
}

function coverOf(row: Pick<SummaryRow, 'cover' | 'cover_width' | 'cover_height'>): ArticleCover | null {
  if (!row.cover) return null;
  return { url: row.cover, width: row.cover_width ?? null, height: row.cover_height ?? null };
}

export interface ListInput {
  lang: ContentLang;
  section?: CollegeSection;
  page: number;
  pageSize: number;
  brandName: string;
}

export async function listArticles(db: Queryable, input: ListInput) {
  const section = input.section ?? null;
  const [{ total }] = await db.query<{ total: number }>(
    `select count(*) as total from college_articles a
      where a.published and a.lang = $1 and ($2::text is null or a.section = $2)`,
    [input.lang, section],
  );
  const rows = await db.query<SummaryRow>(
    `select ${SUMMARY_COLUMNS} from ${ARTICLES}
      where a.published and a.lang = $1 and ($2::text is null or a.section = $2)
      order by ${LIST_ORDER} limit $3 offset $4`,
    [input.lang, section, input.pageSize, (input.page - 1) * input.pageSize],
  );
  return { total, items: rows.map((row) => summaryOf(row, input.brandName)) };
}

export async function findArticle(
  db: Queryable,
  id: number,
  lang: ContentLang,
  brandName: string,
): Promise<{
  article: ArticleDetail;
  previous: ArticleLink | null;
  next: ArticleLink | null;
  related: ArticleSummary[];
} | null> {
  const [row] = await db.query<SummaryRow & { body_html: string; published_on: string; updated: string }>(
    `select ${SUMMARY_COLUMNS}, a.body_html, to_char(a.published_on, 'YYYY-MM-DD') as published_on,
            to_char(a.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated
       from ${ARTICLES} where a.published and a.id = $1 and a.lang = $2`,
    [id, lang],
  );
  if (!row) return null;
  // The section's list is newest first: "previous" is the one listed just above (newer), "next" the one below.
  const neighbour = (where: string, order: string) =>
    db.query<ArticleLink>(
      `select a.id, a.title from college_articles a
        where a.published and a.lang = $1 and a.section = $2 and (a.published_on, a.id) ${where} ($3::date, $4::integer)
        order by ${order} limit 1`,
      [lang, row.section, row.published_on, id],
    );
  const [previous] = await neighbour('>', 'a.published_on asc, a.id asc');
  const [next] = await neighbour('<', 'a.published_on desc, a.id desc');
  const link = (value: ArticleLink | undefined) =>
    value ? { id: value.id, title: fillBrand(value.title, brandName) } : null;
  return {
    article: { ...summaryOf(row, brandName), html: fillBrand(row.body_html, brandName, true), updated: row.updated },
    previous: link(previous),
    next: link(next),
    related: await relatedArticles(db, { id, lang, section: row.section, tags: row.tags, brandName }),
  };
}

/** How many related articles are shown under an article. */
export const RELATED_COUNT = 4;

/**
 * Articles to read next: those sharing the most tags with this one (then newest), filled up with the newest of its
 * section; never the article itself. Published, in the same language.
 */
export async function relatedArticles(
  db: Queryable,
  input: { id: number; lang: ContentLang; section: CollegeSection; tags: string[]; brandName: string },
  limit = RELATED_COUNT,
): Promise<ArticleSummary[]> {
  const rows = await db.query<SummaryRow & { shared: number }>(
    `select ${SUMMARY_COLUMNS},
            (select count(*) from jsonb_array_elements_text(a.tags) t
              where t = any($3::text[])) as shared
       from ${ARTICLES}
      where a.published and a.lang = $1 and a.id <> $2
        and ((select count(*) from jsonb_array_elements_text(a.tags) t where t = any($3::text[])) > 0
             or a.section = $4)
      order by shared desc, (a.section = $4) desc, ${LIST_ORDER}
      limit $5`,
    [input.lang, input.id, input.tags, input.section, limit],
  );
  return rows.map((row) => summaryOf(row, input.brandName));
}

/** The newest published articles of a language (and section), with their text, for the feeds. */
export async function feedArticles(
  db: Queryable,
  input: { lang: ContentLang; section?: CollegeSection; limit: number; brandName: string },
): Promise<(ArticleSummary & { html: string; published: Date; updated: Date })[]> {
  const rows = await db.query<SummaryRow & { body_html: string; updated_at: Date }>(
    `select ${SUMMARY_COLUMNS}, a.body_html, a.updated_at
       from ${ARTICLES}
      where a.published and a.lang = $1 and ($2::text is null or a.section = $2)
      order by ${LIST_ORDER} limit $3`,
    [input.lang, input.section ?? null, input.limit],
  );
  return rows.map((row) => ({
    ...summaryOf(row, input.brandName),
    html: fillBrand(row.body_html, input.brandName, true),
    published: shanghaiDayStart(row.date),
    updated: row.updated_at,
  }));
}

/** The recommended list: most liked, then newest, then highest id (docs/product.md#constants). */
export async function recommendedArticles(
  db: Queryable,
  input: { lang: ContentLang; section?: CollegeSection; limit: number; brandName: string },
): Promise<RankedArticle[]> {
  const rows = await db.query<{ id: number; section: CollegeSection; title: string; date: string; likes: number }>(
    `select a.id, a.section, a.title, to_char(a.published_on, 'YYYY-MM-DD') as date, coalesce(c.likes, 0) as likes
       from college_articles a left join college_like_counts c on c.article_id = a.id
      where a.published and a.lang = $1 and ($2::text is null or a.section = $2)
      order by coalesce(c.likes, 0) desc, a.published_on desc, a.id desc
      limit $3`,
    [input.lang, input.section ?? null, input.limit],
  );
  return rows.map((row, index) => ({ ...row, rank: index + 1, title: fillBrand(row.title, input.brandName) }));
}

/** `%`, `_` and `\` are LIKE's own characters: escaped, they match themselves. */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export interface SearchInput {
  lang: ContentLang;
  /** The words of the query (each must appear in the title, summary, tags or text). */
  terms: string[];
  section?: CollegeSection;
  page: number;
  pageSize: number;
  brandName: string;
}

/** Case-insensitive search: every word somewhere; more words in the title, then the summary, then newest first. */
export async function searchArticles(db: Queryable, input: SearchInput) {
  const patterns = input.terms.map((term) => `%${escapeLike(term)}%`);
  const params = [input.lang, patterns, input.brandName, input.section ?? null];
  const [{ total }] = await db.query<{ total: number }>(
    `select count(*) as total from college_articles a where ${SEARCH_WHERE}`,
    params,
  );
  const rows = await db.query<SummaryRow & { body_text: string; title_hits: number }>(
    `select ${SUMMARY_COLUMNS}, replace(a.body_text, '{brandName}', $3) as body_text,
            ${hitsIn("replace(a.title, '{brandName}', $3)")} as title_hits,
            ${hitsIn("replace(a.summary, '{brandName}', $3)")} as summary_hits
       from ${ARTICLES}
      where ${SEARCH_WHERE}
      order by title_hits desc, summary_hits desc, ${LIST_ORDER}
      limit $5 offset $6`,
    [...params, input.pageSize, (input.page - 1) * input.pageSize],
  );
  const items: SearchHit[] = rows.map((row) => ({
    ...summaryOf(row, input.brandName),
    titleMatch: row.title_hits > 0,
    snippet: snippetOf(row.body_text, input.terms) ?? fillBrand(row.summary, input.brandName),
  }));
  return { total, items };
}

/** How many of the patterns ($2, a text[]) match `column`. The SQL is constant: the words are a parameter. */
function hitsIn(column: string): string {
  return `(select count(*) from unnest($2::text[]) p where ${column} ilike p escape '\\')`;
}

/** Published, in language $1, in section $4 if given, and containing every pattern of $2 somewhere. */
const SEARCH_WHERE = `a.published and a.lang = $1 and ($4::text is null or a.section = $4)
  and (select count(*) from unnest($2::text[]) p
        where replace(a.title, '{brandName}', $3) ilike p escape '\\'
           or replace(a.summary, '{brandName}', $3) ilike p escape '\\'
           or replace(a.body_text, '{brandName}', $3) ilike p escape '\\'
           or exists (select 1 from jsonb_array_elements_text(a.tags) t where t ilike p escape '\\'))
      = cardinality($2::text[])`;

const SNIPPET_LENGTH = 120;

/** About 120 characters of `text` around the first place a term occurs; undefined when none does. */
export function snippetOf(text: string, terms: string[]): string | undefined {
  // Blocks are separate lines: joining one that ended no sentence (a heading) gets a middle dot.
  const flat = text
    .split('\n')
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block, index, all) => (index < all.length - 1 && !/[。！？.!?:：;；…]$/.test(block) ? `${block} ·` : block))
    .join(' ')
    .replace(/\s+/g, ' ');
  const lower = flat.toLowerCase();
  let at = -1;
  let length = 0;
  for (const term of terms) {
    const index = lower.indexOf(term.toLowerCase());
    if (index >= 0 && (at < 0 || index < at)) {
      at = index;
      length = term.length;
    }
  }
  if (at < 0) return undefined;
  const start = Math.max(0, Math.min(at - 40, flat.length - SNIPPET_LENGTH));
  const end = Math.min(flat.length, Math.max(start + SNIPPET_LENGTH, at + length));
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}

/** Whether a published article with this id exists (in any language). */
export async function articleExists(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('select 1 from college_articles where id = $1 and published limit 1', [id]);
  return rows.length > 0;
}

export async function likeState(db: Queryable, id: number, visitorId: string | undefined) {
  const [count] = await db.query<{ likes: number }>('select likes from college_like_counts where article_id = $1', [
    id,
  ]);
  const liked = visitorId
    ? (await db.query('select 1 from college_likes where article_id = $1 and visitor_id = $2', [id, visitorId]))
        .length > 0
    : false;
  return { likes: count?.likes ?? 0, liked };
}

/** Counts a visitor's like once: a second like of the same article by the same visitor changes nothing. */
export async function addLike(db: Queryable, id: number, visitorId: string) {
  const inserted = await db.query(
    `insert into college_likes (article_id, visitor_id) values ($1, $2)
     on conflict (article_id, visitor_id) do nothing returning article_id`,
    [id, visitorId],
  );
  if (inserted.length === 0) {
    const { likes } = await likeState(db, id, undefined);
    return { likes, counted: false };
  }
  const [row] = await db.query<{ likes: number }>(
    `insert into college_like_counts (article_id, likes) values ($1, 1)
     on conflict (article_id) do update set likes = college_like_counts.likes + 1 returning likes`,
    [id],
  );
  return { likes: row.likes, counted: true };
}
