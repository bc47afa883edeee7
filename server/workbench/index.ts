/**
 * The landing after sign-in. Login success leads to `settings.workbenchUrl`, by default the landing page of the
 * route table (shared/routes.ts `workbench`, src/features/home/landing-page.tsx): the site's own page, rendered
 * by the page handler for this seller only (their name and trial days in the portal environment, never stored).
 * This route stands in front of it: a valid `Authorization` cookie is required; without one the visitor goes to
 * login with `?redirect=<path>`, and a dead token's cookie is cleared on the way. The first visit is recorded
 * (`first_workbench_at`, the console's sign-up funnel).
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { brands } from '../../shared/brand';
import { localeFromPath, localizePath } from '../../shared/locale';
import type { SellerLanding } from '../../shared/portal-env';
import { PAGES } from '../../shared/routes';
import { sessionAccount, TOKEN_PATTERN } from '../accounts/sessions';
import { customerInfo, recordFirstWorkbench, type UserRow } from '../accounts/users';
import type { Settings } from '../config/settings';
import type { Database } from '../db/database';
import { requestBrand, requestIsHttps } from '../http/request';

export interface WorkbenchDeps {
  settings: Settings;
  db: Database;
  now: () => Date;
  /** Renders the landing page for the seller (server/pages/page-handler.ts `handleSignedIn`). */
  renderLanding: (c: Context, seller: SellerLanding) => Promise<Response>;
}

/** The landing's paths: the landing page in both languages (whatever WORKBENCH_URL says, it exists for a link). */
export function workbenchPaths(): string[] {
  return [localizePath(PAGES.workbench.path, 'zh'), localizePath(PAGES.workbench.path, 'en')];
}

/** Whole days left of a trial ending at `endsAt`, counted up (a part of a day is a day); 0 once it has ended. */
export function trialDaysLeft(endsAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS));
}

const DAY_MS = 24 * 3600 * 1000;

export function workbenchRoutes(deps: WorkbenchDeps) {
  const app = new Hono();
  const handle = async (c: Context) => {
    const path = new URL(c.req.url).pathname;
    const locale = localeFromPath(path);
    const brandId = requestBrand(c, deps.settings);
    const tenantId = brands[brandId].tenantId;
    const token = getCookie(c, 'Authorization');
    let user: UserRow | null = null;
    if (token && TOKEN_PATTERN.test(token)) user = await sessionAccount(deps.db, token, tenantId, deps.now());
    c.header('Cache-Control', 'private, no-store');
    if (!user) {
      const login = `${locale === 'en' ? '/en/login' : '/login'}?redirect=${encodeURIComponent(path)}`;
      if (token)
        c.header(
          'Set-Cookie',
          `Authorization=; Path=/; Max-Age=0; SameSite=Lax${requestIsHttps(c, deps.settings.trustProxy) ? '; Secure' : ''}`,
        );
      return c.redirect(login, 302);
    }
    const now = deps.now();
    if (!user.first_workbench_at) await recordFirstWorkbench(deps.db, user.id, now);
    const { trialEndsAt } = customerInfo(user);
    return deps.renderLanding(c, {
      name: user.nickname,
      trialEndsAt,
      trialDaysLeft: trialDaysLeft(new Date(trialEndsAt), now),
    });
  };
  for (const path of workbenchPaths()) app.get(path, handle);
  return app;
}
