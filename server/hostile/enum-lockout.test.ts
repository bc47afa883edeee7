// @vitest-environment node
/**
 * The targeted lock-out (decision 045): a lock-out hits the attacker, not the owner. An attacker at address A fails 100+ times against
 * an account; the owner, from an address that signed in to it before, still logs in with the right password,
 * while A stays refused; a new address must solve the captcha (40005) and gets in with a ticket.
 */
import { expect, it, vi } from 'vitest';
import { countBackingOff } from '../accounts/login';
import { scrape, watchBackoffs } from '../ops/metrics';
import { type Harness, harness, PASSWORD } from '../testing/accounts-harness';
import { describeDatabases } from '../testing/databases';

vi.setConfig({ testTimeout: 180_000 });

const PHONE = '13800138000';
const ATTACKER = '198.51.100.66';
const OWNER = '203.0.113.1'; // the harness's default address: where the account was registered (its first session)

const attempt = (h: Harness, password: string, ip: string, extra: Record<string, unknown> = {}) =>
  h.call('/v2/web/userlogin', { body: { phone: PHONE, countryCode: 1, password, ...extra }, ip });

describeDatabases('hostile: targeted lock-out', (getDb) => {
  it('120 failures from one address: the owner from an address that signed in before gets in; the attacker stays refused', async () => {
    const h = harness(getDb());
    await h.register(PHONE);
    const codes = new Map<number, number>();
    for (let i = 0; i < 120; i++) {
      const answer = await attempt(h, `wrong password ${i}`, ATTACKER);
      codes.set(answer.body.code, (codes.get(answer.body.code) ?? 0) + 1);
      h.advance(30);
    }
    if (process.env.ENUM_MEASURE === '1')
      console.log(`[lockout] attacker answers: ${JSON.stringify(Object.fromEntries(codes))}`);
    // Only the first few were even checked; the rest refused (429) or asked for the captcha (40005).
    expect(codes.get(40003)).toBeLessThanOrEqual(20);
    expect((codes.get(429) ?? 0) + (codes.get(40005) ?? 0)).toBeGreaterThanOrEqual(100);

    const owner = await attempt(h, PASSWORD, OWNER);
    if (process.env.ENUM_MEASURE === '1')
      console.log(`[lockout] owner from a known address: ${owner.status} ${owner.body.code}`);
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(owner.body.data).toMatchObject({ userName: expect.any(String) });

    // The owner's success does not free the attacker: A is still refused or asked for the captcha, whatever it sends.
    for (const password of ['wrong password again', 'another one', PASSWORD]) {
      const attacker = await attempt(h, password, ATTACKER);
      expect([429, 40005]).toContain(attacker.body.code);
    }
  });

  it('a new address meets the captcha during the back-off, not a lock-out, and gets in with a ticket', async () => {
    const h = harness(getDb());
    await h.register(PHONE);
    // Spread over many addresses, so no address is held by its own limits: only the account's back-off plays.
    for (let i = 0; i < 5; i++)
      expect((await attempt(h, 'wrong password', `198.51.100.${i + 1}`)).body.code).toBe(40003);
    // The metrics count the lock-out and show one account backing off, named nowhere.
    watchBackoffs(() => countBackingOff(getDb(), h.now()));
    const scraped = await scrape();
    expect(scraped).toMatch(/^portal_login_accounts_backing_off 1$/m);
    expect(scraped).toMatch(/^portal_login_lockouts_total\{stage="started"\} [1-9]/m);
    expect(scraped).not.toContain('13800138000');
    const newcomer = '192.0.2.50';
    const asked = await attempt(h, PASSWORD, newcomer);
    expect(asked.status).toBe(400);
    expect(asked.body.code).toBe(40005);
    const ticket = await h.ticket(newcomer);
    const wrongWithTicket = await attempt(h, 'wrong again', newcomer, { ticket });
    expect(wrongWithTicket.body.code).toBe(40003);
    // A ticket is good for one attempt.
    expect((await attempt(h, PASSWORD, newcomer, { ticket })).body.code).toBe(40005);
    const owner = await attempt(h, PASSWORD, newcomer, { ticket: await h.ticket(newcomer) });
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
  });

  it('an unregistered phone meets the same captcha after the same failures (the back-off tells nothing)', async () => {
    const h = harness(getDb());
    await h.register(PHONE);
    const answers = [];
    for (const phone of [PHONE, '13900139000']) {
      for (let i = 0; i < 6; i++)
        await h.call('/v2/web/userlogin', {
          body: { phone, countryCode: 1, password: 'nope' },
          ip: `198.51.100.${i + 10}`,
        });
      const answer = await h.call('/v2/web/userlogin', {
        body: { phone, countryCode: 1, password: 'nope' },
        ip: '192.0.2.77',
      });
      answers.push({ status: answer.status, body: answer.body });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0].body.code).toBe(40005);
  });
});
