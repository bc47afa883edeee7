// @vitest-environment node
/**
 * The landing after sign-in as the server answers it: signed in, the page renders for the seller (their name and
 * trial days in the portal environment, never stored), the first visit is recorded; signed out or with a dead
 * token, login with the way back; a phone is never sent to registration.
 */
import { describe, expect, it } from 'vitest';
import type { PortalEnv } from '../../shared/portal-env';
import { BRAND2_HOST, HOST, harness, START } from '../testing/accounts-harness';
import { describeDatabases } from '../testing/databases';
import { trialDaysLeft } from './index';

const LANDING = '/workbench/function_introduction';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const DAY = 24 * 3600;

/** A renderer that answers with the path and the environment it was given, as JSON. */
const renderer = {
  renderPage: async (request: Request, options: { env: PortalEnv }) =>
    new Response(JSON.stringify({ path: new URL(request.url).pathname, env: options.env }), { status: 200 }),
};

describe('trialDaysLeft', () => {
  it('counts a part of a day as a day, and nothing once the trial has ended', () => {
    const ends = new Date('2026-11-24T12:00:00Z');
    expect(trialDaysLeft(ends, new Date('2026-11-21T12:00:00Z'))).toBe(3);
    expect(trialDaysLeft(ends, new Date('2026-11-22T12:00:01Z'))).toBe(2);
    expect(trialDaysLeft(ends, new Date('2026-11-24T11:59:59Z'))).toBe(1);
    expect(trialDaysLeft(ends, ends)).toBe(0);
    expect(trialDaysLeft(ends, new Date('2026-12-24T12:00:00Z'))).toBe(0);
  });
});

describeDatabases('the landing after sign-in', (getDb) => {
  const visit = (
    h: ReturnType<typeof harness>,
    path: string,
    options: { cookie?: string; host?: string; userAgent?: string } = {},
  ) => {
    const host = options.host ?? HOST;
    const headers: Record<string, string> = { host };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.userAgent) headers['user-agent'] = options.userAgent;
    return h.app.request(`http://${host}${path}`, { headers });
  };
  const rendered = async (res: Response) => (await res.json()) as { path: string; env: PortalEnv };

  it('renders the page for the seller, in both languages and brands, with the trial days left; never stored', async () => {
    const db = getDb();
    const h = harness(db, { renderer });
    const user = await h.register('13800138000', { nickname: '<b>店主</b>' });
    const cookie = `Authorization=${user.Authorization}`;
    const zh = await visit(h, LANDING, { cookie });
    expect(zh.status).toBe(200);
    expect(zh.headers.get('cache-control')).toBe('private, no-store');
    expect(zh.headers.get('etag')).toBeNull();
    expect(zh.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await rendered(zh);
    expect(page.path).toBe(LANDING);
    expect(page.env).toMatchObject({
      brandId: 'starreach',
      signedIn: true,
      seller: {
        name: '<b>店主</b>',
        trialDaysLeft: 3,
        trialEndsAt: new Date(START.getTime() + 3 * DAY * 1000).toISOString(),
      },
    });

    // A day and an hour later: two days left (a part of a day counts); after three days: none.
    h.advance(DAY + 3600);
    const en = await rendered(await visit(h, `/en${LANDING}`, { cookie }));
    expect(en.path).toBe(`/en${LANDING}`);
    expect(en.env.seller?.trialDaysLeft).toBe(2);
    h.advance(2 * DAY);
    expect((await rendered(await visit(h, LANDING, { cookie }))).env.seller?.trialDaysLeft).toBe(0);

    const brand2 = await h.register('13800138000', { nickname: 'CreatorBox seller' }, { host: BRAND2_HOST });
    const other = await rendered(
      await visit(h, `/en${LANDING}`, { cookie: `Authorization=${brand2.Authorization}`, host: BRAND2_HOST }),
    );
    expect(other.env).toMatchObject({ brandId: 'creatorbox', seller: { name: 'CreatorBox seller', trialDaysLeft: 3 } });
    // One brand's session does not open the other brand's landing.
    const crossed = await visit(h, LANDING, { cookie: `Authorization=${brand2.Authorization}` });
    expect(crossed.status).toBe(302);
  });

  it('records the first visit once (the console funnel), not again later', async () => {
    const db = getDb();
    const h = harness(db, { renderer });
    const user = await h.register('13800138000');
    const stored = async () =>
      (
        await db.query<{ first_workbench_at: Date | null }>('select first_workbench_at from users where id = $1', [
          user.userId,
        ])
      )[0].first_workbench_at;
    expect(await stored()).toBeNull();
    h.advance(600);
    const first = h.now();
    expect((await visit(h, LANDING, { cookie: `Authorization=${user.Authorization}` })).status).toBe(200);
    expect((await stored())?.toISOString()).toBe(first.toISOString());
    h.advance(DAY);
    expect((await visit(h, `/en${LANDING}`, { cookie: `Authorization=${user.Authorization}` })).status).toBe(200);
    expect((await stored())?.toISOString()).toBe(first.toISOString());
  });

  it('on a phone: the page itself for the seller, login for a visitor, never registration', async () => {
    const h = harness(getDb(), { renderer });
    const user = await h.register('13800138000');
    const phone = await visit(h, `/en${LANDING}`, { cookie: `Authorization=${user.Authorization}`, userAgent: IPHONE });
    expect(phone.status).toBe(200);
    expect((await rendered(phone)).env).toMatchObject({ isMobile: true, seller: { trialDaysLeft: 3 } });
    const visitor = await visit(h, LANDING, { userAgent: IPHONE });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toBe('/login?redirect=%2Fworkbench%2Ffunction_introduction');
  });

  it('sends visitors without a valid login to the login page with the path to come back to', async () => {
    const h = harness(getDb(), { renderer });
    const none = await visit(h, LANDING);
    expect(none.status).toBe(302);
    expect(none.headers.get('location')).toBe('/login?redirect=%2Fworkbench%2Ffunction_introduction');
    expect(none.headers.get('set-cookie')).toBeNull();
    const dead = await visit(h, `/en${LANDING}`, { cookie: `Authorization=${'A'.repeat(43)}` });
    expect(dead.status).toBe(302);
    expect(dead.headers.get('location')).toBe('/en/login?redirect=%2Fen%2Fworkbench%2Ffunction_introduction');
    expect(dead.headers.get('set-cookie')).toContain('Authorization=;');
    const user = await h.register('13800138000');
    await h.call('/v2/web/userlogout', { body: { userName: user.userName }, token: user.Authorization });
    const revoked = await visit(h, LANDING, { cookie: `Authorization=${user.Authorization}` });
    expect(revoked.status).toBe(302);
  });
});
