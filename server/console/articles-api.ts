/**
 * The console's article calls (owner and editor): list, create, read and save the working copy, publish now or at a
 * time, unpublish, a signed preview link for a colleague, and the editor's live preview drawn by the public pages'
 * renderer. Mounted under /console/api by server/console/app.ts, behind the session, CSRF and role checks; the work
 * itself is server/college/publishing.ts. (POST /media is server/console/media-api.ts.)
 */
import { Hono } from 'hono';
import { CONSOLE_API_PREFIX, consoleOperations as ops } from '../../shared/contract/console';
import { PREVIEW_LINK_TTL_MS } from '../../shared/contract/console-articles';
import { ok } from '../api/http';
import { route } from '../api/route';
import { previewSecret, signPreviewToken } from '../college/preview-token';
import {
  type Actor,
  articleMissing,
  createPost,
  listPosts,
  publishPost,
  readArticle,
  renderArticleBody,
  savePost,
  unpublishPost,
} from '../college/publishing';
import type { Settings } from '../config/settings';
import type { Database } from '../db/database';
import type { LargerBodies } from '../http/body-limit';
import type { ConsoleDeps, ConsoleEnv } from './deps';

/**
 * An article's working copy is larger than the console's other bodies: up to 200 000 characters of Markdown per
 * language, 3 bytes each in UTF-8 for Chinese: POST and PUT /articles and the preview take up to 1.5 MB.
 */
export const ARTICLE_BODIES: LargerBodies = {
  path: new RegExp(`^${CONSOLE_API_PREFIX}/articles(?:/[^/]+)?$`),
  maxBytes: 1536 * 1024,
};

/** The portal's origin (brand 1) for the links the console shows: PUBLIC_URL, else the local port. */
export const portalOrigin = (settings: Pick<Settings, 'publicUrl' | 'port'>) =>
  settings.publicUrl ?? `http://localhost:${settings.port}`;

/** The path's article id, or 404. */
function articleIdOf(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,7}$/.test(value)) throw articleMissing();
  return Number(value);
}

async function answerOf(db: Database, id: number, origin: string) {
  const article = await readArticle(db, id, origin);
  if (!article) throw articleMissing();
  return article;
}

export function articlesApi(deps: ConsoleDeps) {
  const api = new Hono<ConsoleEnv>();
  const origin = portalOrigin(deps.settings);
  const actor = (c: { var: ConsoleEnv['Variables'] }): Actor => ({
    operator: { id: c.var.operator.id, name: c.var.operator.name },
    address: c.var.address,
  });

  route(api, ops.articles, async (c, input) => ok(c, await listPosts(deps.db, input.query())));

  route(api, ops.renderPreview, async (c, input) => {
    const { body } = await input.body();
    const rendered = await renderArticleBody(deps.db, body);
    return ok(c, { html: rendered.html });
  });

  route(api, ops.createArticle, async (c, input) => {
    const body = await input.body();
    const id = await createPost(deps, actor(c), body);
    return ok(c, await answerOf(deps.db, id, origin));
  });

  route(api, ops.article, async (c) => ok(c, await answerOf(deps.db, articleIdOf(c.req.param('id')), origin)));

  route(api, ops.saveArticle, async (c, input) => {
    const id = articleIdOf(c.req.param('id'));
    const body = await input.body();
    await savePost(deps, actor(c), id, body);
    return ok(c, await answerOf(deps.db, id, origin));
  });

  route(api, ops.publishArticle, async (c, input) => {
    const id = articleIdOf(c.req.param('id'));
    const body = await input.body();
    await publishPost(deps, actor(c), id, body.at === undefined ? undefined : new Date(body.at));
    return ok(c, await answerOf(deps.db, id, origin));
  });

  route(api, ops.unpublishArticle, async (c, input) => {
    const id = articleIdOf(c.req.param('id'));
    await input.body();
    await unpublishPost(deps, actor(c), id);
    return ok(c, await answerOf(deps.db, id, origin));
  });

  route(api, ops.previewLink, async (c, input) => {
    const id = articleIdOf(c.req.param('id'));
    await input.body();
    const [exists] = await deps.db.query('select 1 from college_posts where id = $1', [id]);
    if (!exists) throw articleMissing();
    const expiresAt = new Date(deps.now().getTime() + PREVIEW_LINK_TTL_MS);
    const token = signPreviewToken(id, expiresAt, await previewSecret(deps.db));
    return ok(c, { url: `${origin}/business-college/preview/${token}`, expiresAt: expiresAt.toISOString() });
  });

  return api;
}
