/**
 * NUL bytes (and other control characters no field can hold) are refused at validation with a
 * 400 naming the field in the request's language, before they reach the database (PostgreSQL cannot store NUL
 * in text and answered 500). Run on both databases: PGlite accepted what PostgreSQL refused.
 */
import { expect, it } from 'vitest';
import { harness, PASSWORD } from '../testing/accounts-harness';
import { describeDatabases } from '../testing/databases';

describeDatabases('control characters in requests', (getDb) => {
  it('a NUL in a college search query is a 400, not a 500', async () => {
    const { call } = harness(getDb());
    const answer = await call('/v2/college/search?q=%00', { lang: 'en' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: 40000,
      message: 'Search words contains a control character that is not allowed',
      data: { field: 'q' },
    });
    const zh = await call('/v2/college/search?q=a%00b&lang=zh');
    expect(zh.status).toBe(400);
    expect(zh.body.message).toMatch(/包含不允许的控制字符$/);
  });

  it('a NUL captcha id is a 400', async () => {
    const { call } = harness(getDb());
    const answer = await call('/v2/captcha/verify', { body: { captchaId: '\u0000', x: 10 }, lang: 'en' });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(40000);
  });

  it('a NUL inside registeInfo refuses the registration and writes no account', async () => {
    const h = harness(getDb());
    const phone = '13800138123';
    const answer = await h.call('/v2/web/register', {
      body: {
        phone,
        countryCode: 1,
        code: await h.code(phone, 'register'),
        password: PASSWORD,
        nickname: 'Nul',
        channelId: 2,
        clientId: 'morestores',
        registeInfo: { urlCode: 'a\u0000b' },
      },
      lang: 'en',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('contains a control character');
    expect(await h.count('users')).toBe(0);
  });

  it.each(['\u0001', '\u001b[31m', '\u007f'])('other control characters (%j) are refused too', async (control) => {
    const { call } = harness(getDb());
    const answer = await call('/v2/web/userlogin', {
      body: { phone: '13800138000', password: `pass${control}word`, type: 'password' },
      lang: 'en',
    });
    expect(answer.status).toBe(400);
  });
});
