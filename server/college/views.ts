/**
 * Views of college articles, counted on the server: one per visitor per article per day (Asia/Shanghai), bots (by
 * user agent, the `isbot` package) left out. A visitor is the `visitor_id` cookie when it has one, else a digest of
 * its address and user agent (never the address itself). Counted when an article page is answered, rendered or
 * from the page cache (not when the page rules redirect it; server/app.ts), off the request's path: the request never
 * waits for the database.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { shanghaiDay } from '../../shared/shanghai-day';
import type { Database, Queryable } from '../db/database';
import { log } from '../ops/log';
import { requestCookie } from '../pages/page-rules';
import { articleIdOfPath } from './paths';

/** The visitor cookie the likes set (server/api/college): a random id, 22 base64url characters. */
export const VISITOR_COOKIE = 'visitor_id';
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

/** The request's visitor id: its `visitor_id` cookie when well formed (read from the header: works on the bare context). */
export function readVisitorId(c: Context): string | undefined {
  const value = requestCookie(c, VISITOR_COOKIE);
  return value && VISITOR_ID.test(value) ? value : undefined;
}
/** The days of views kept: older rows are deleted by the sweep (the totals stay in college_view_counts). */
export const VIEW_DAYS_KEPT = 2;

/** The first day whose views are kept at `now` (the sweep deletes the older ones). */
export function viewsKeptFrom(now: Date): string {
  return shanghaiDay(now, VIEW_DAYS_KEPT - 1);
}

export interface ViewRequest {
  method: string;
  /** The request's path, without its query. */
  path: string;
  userAgent: string | undefined;
  /** The `visitor_id` cookie's value, if any. */
  visitorCookie: string | undefined;
  address: string;
}

/** The stored visitor: the cookie's id, or a digest of address and user agent (the same for a whole day). */
export function visitorOf(request: Pick<ViewRequest, 'userAgent' | 'visitorCookie' | 'address'>): string {
  if (request.visitorCookie && VISITOR_ID.test(request.visitorCookie)) return `c:${request.visitorCookie}`;
  const digest = createHash('sha256')
    .update(`${request.address}\n${request.userAgent ?? ''}`)
    .digest('base64url')
    .slice(0, 22);
  return `d:${digest}`;
}

/** Counts one view; true when it was the visitor's first of the article that day (and the article is published). */
export async function recordView(db: Database, articleId: number, day: string, visitor: string): Promise<boolean> {
  return db.transaction(async (tx: Queryable) => {
    const inserted = await tx.query(
      `insert into college_views (article_id, day, visitor)
       select $1, $2::date, $3 where exists (select 1 from college_articles where id = $1 and published)
       on conflict (article_id, day, visitor) do nothing returning article_id`,
      [articleId, day, visitor],
    );
    if (inserted.length === 0) return false;
    await tx.query(
      `insert into college_view_counts (article_id, views) values ($1, 1)
       on conflict (article_id) do update set views = college_view_counts.views + 1`,
      [articleId],
    );
    return true;
  });
}

/** An article's views (0 when never viewed). */
export async function articleViews(db: Queryable, articleId: number): Promise<number> {
  const [row] = await db.query<{ views: number }>('select views from college_view_counts where article_id = $1', [
    articleId,
  ]);
  return row?.views ?? 0;
}

/**
 * The counter of a process: `see` takes a request and, when it is a person's GET of an article page, counts it in
 * the background. Views this process has recorded are remembered (a reload writes nothing); `settled` waits for the
 * writes under way (tests).
 */
export function viewCounter(db: Database, now: () => Date) {
  const recent = new LRUCache<string, true>({ max: 50_000 });
  const pending = new Set<Promise<unknown>>();
  function see(request: ViewRequest): void {
    if (request.method !== 'GET') return;
    const id = articleIdOfPath(request.path);
    if (id === null) return;
    const userAgent = request.userAgent ?? '';
    if (!userAgent || isbot(userAgent)) return;
    const day = shanghaiDay(now());
    const visitor = visitorOf(request);
    const key = `${id}|${day}|${visitor}`;
    if (recent.has(key)) return;
    recent.set(key, true);
    const write = recordView(db, id, day, visitor)
      .catch((error) => {
        recent.delete(key);
        log.warn({ err: error }, '[college] a view was not counted');
      })
      .finally(() => pending.delete(write));
    pending.add(write);
  }
  return {
    see,
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

export type ViewCounter = ReturnType<typeof viewCounter>;
