/**
 * The shapes of the business college API's answers (server/api/college/schemas.ts declares the same in zod
 * for the OpenAPI document). The server's queries build these; the pages read them.
 */
import type { CollegeSection } from '#shared/college-sections';

export interface ArticleSummary {
  id: number;
  section: CollegeSection;
  title: string;
  summary: string;
  /** `YYYY-MM-DD` */
  date: string;
  tags: string[];
}

export interface ArticleDetail extends ArticleSummary {
  /** Rendered on the server by markdown-it with raw HTML off; the only HTML the pages insert. */
  html: string;
  /** When the content last changed (ISO 8601, UTC): the article's modified time for sharing. */
  updated: string;
}

export interface ArticleLink {
  id: number;
  title: string;
}

export interface ArticlePage {
  article: ArticleDetail;
  /** Listed just above in its section (newer). */
  previous: ArticleLink | null;
  /** Listed just below in its section (older). */
  next: ArticleLink | null;
}

export interface ArticleList {
  section: CollegeSection | null;
  page: number;
  pageSize: number;
  total: number;
  pages: number;
  items: ArticleSummary[];
}

export interface RankedArticle {
  rank: number;
  id: number;
  section: CollegeSection;
  title: string;
  date: string;
  likes: number;
}

export interface SearchHit extends ArticleSummary {
  /** About 120 characters of the text around the first match, or the summary. */
  snippet: string;
  titleMatch: boolean;
}

export interface SearchResults {
  query: string;
  terms: string[];
  page: number;
  pageSize: number;
  total: number;
  pages: number;
  items: SearchHit[];
}

export interface LikeState {
  articleId: number;
  likes: number;
  liked: boolean;
}
