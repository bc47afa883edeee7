// @vitest-environment node
/**
 * The one-step SMS sign-in must not reopen phone enumeration (decision 045, issue 34): the login code's send and a
 * wrong code's verify answer a registered and an unregistered phone alike (status, body, headers), and a wrong
 * code costs a try for either; a stranger cannot create an account for a phone they do not hold.
 */
import { expect, it } from 'vitest';
import { CODE_MAX_ATTEMPTS } from '../limits/rules';
import type { Answer } from '../testing/accounts-harness';
import { harness } from '../testing/accounts-harness';
import { describeDatabases } from '../testing/databases';

const REGISTERED = '13800138000';
const UNREGISTERED = '13900139000';

/** What a client sees of an answer, but the headers that differ on every request anyway. */
function seen(answer: Answer) {
  const headers = [...answer.headers.entries()].filter(([name]) => !['date', 'x-request-id'].includes(name));
  return { status: answer.status, body: JSON.stringify(answer.body), headers };
}

describeDatabases('hostile: one-step SMS sign-in tells nothing about registration', (getDb) => {
  it('answers the login code send identically for a registered and an unregistered phone', async () => {
    const h = harness(getDb());
    await h.register(REGISTERED);
    for (const lang of ['zh', 'en'] as const) {
      const registered = await h.sendCode(REGISTERED, 'login', { ip: '203.0.113.50', lang });
      const unregistered = await h.sendCode(UNREGISTERED, 'login', { ip: '203.0.113.51', lang });
      expect(seen(unregistered)).toEqual(seen(registered));
      expect(registered.status).toBe(200);
      // Again within the minute: the same 429 for both.
      const again = [
        await h.sendCode(REGISTERED, 'login', { ip: '203.0.113.52', lang }),
        await h.sendCode(UNREGISTERED, 'login', { ip: '203.0.113.53', lang }),
      ];
      expect(seen(again[1])).toEqual(seen(again[0]));
      expect(again[0].status).toBe(429);
      h.advance(61);
    }
  });

  it('answers a wrong code identically and costs a try for either phone, creating nothing', async () => {
    const h = harness(getDb());
    await h.register(REGISTERED);
    const codes: Record<string, string> = {
      [REGISTERED]: await h.code(REGISTERED, 'login'),
      [UNREGISTERED]: await h.code(UNREGISTERED, 'login'),
    };
    const wrong = (phone: string) => (codes[phone] === '000000' ? '000001' : '000000');
    const users = await h.count('users');
    for (let attempt = 1; attempt <= CODE_MAX_ATTEMPTS; attempt++) {
      const answers = [];
      for (const [phone, ip] of [
        [REGISTERED, `198.51.100.${attempt}`],
        [UNREGISTERED, `198.51.100.${attempt + 100}`],
      ]) {
        answers.push(
          await h.call('/v2/web/userlogin', { body: { phone, countryCode: 1, code: wrong(phone) }, ip, lang: 'en' }),
        );
        expect(await h.count('sms_codes', "phone = $1 and purpose = 'login' and attempts = $2", [phone, attempt])).toBe(
          1,
        );
      }
      expect(seen(answers[1])).toEqual(seen(answers[0]));
      expect(answers[0].body).toEqual({ code: 40004, message: 'The verification code is wrong or has expired' });
    }
    expect(await h.count('users')).toBe(users);
    // The codes are burnt for both, and both accounts' back-offs ask a stranger for the captcha alike (40005).
    expect(await h.count('sms_codes', `purpose = 'login' and attempts = ${CODE_MAX_ATTEMPTS}`)).toBe(2);
    const late = [];
    for (const phone of [REGISTERED, UNREGISTERED])
      late.push(
        await h.call('/v2/web/userlogin', {
          body: { phone, countryCode: 1, code: codes[phone] },
          ip: '192.0.2.77',
          lang: 'en',
        }),
      );
    expect(seen(late[1])).toEqual(seen(late[0]));
    expect(late[0].body.code).toBe(40005);
    expect(await h.count('users', 'phone = $1', [UNREGISTERED])).toBe(0);
  });
});
