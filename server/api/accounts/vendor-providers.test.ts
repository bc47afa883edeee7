// @vitest-environment node
/**
 * The vendor connectors behind the real API, against loopback fakes of the vendors: a code sent through Alibaba
 * Cloud or Tencent Cloud SMS, a vendor refusal or silence answered with the spec's "failed to send" message in the
 * user's language and the send refunded, and Tencent captcha tickets verified with DescribeCaptchaResult before
 * any SMS goes out.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { log } from '../../ops/log';
import { createTencentCaptcha } from '../../providers/captcha/tencent';
import { createAliyunSms } from '../../providers/sms/aliyun';
import { createTencentSms } from '../../providers/sms/tencent';
import { harness } from '../../testing/accounts-harness';
import { describeDatabases } from '../../testing/databases';
import { type FakeAliyun, startFakeAliyun } from '../../testing/fake-aliyun';
import { type FakeTencent, loopbackAgent, startFakeTencent } from '../../testing/fake-tencent';

const ALIYUN_PORT = 5523;
const TENCENT_PORT = 5524;

const aliyunSms = (secret = 'ali-secret', timeoutMs = 1000) =>
  createAliyunSms({
    accessKeyId: 'LTAItest',
    accessKeySecret: secret,
    endpoint: `127.0.0.1:${ALIYUN_PORT}`,
    protocol: 'http',
    brands: {
      starreach: { signName: '星达通', templateCode: 'SMS_100' },
      creatorbox: { signName: '达人宝', templateCode: 'SMS_200' },
    },
    timeoutMs,
  });

describeDatabases('accounts: vendor SMS and captcha', (getDb) => {
  let aliyun: FakeAliyun;
  let tencent: FakeTencent;
  const agent = loopbackAgent(TENCENT_PORT);
  beforeAll(async () => {
    aliyun = await startFakeAliyun({
      port: ALIYUN_PORT,
      accessKeyId: 'LTAItest',
      accessKeySecret: 'ali-secret',
      signNames: ['星达通', '达人宝'],
      templates: { domestic: ['SMS_100', 'SMS_200'], international: [] },
    });
    tencent = await startFakeTencent({
      port: TENCENT_PORT,
      secretId: 'AKIDtest',
      secretKey: 'tc-secret',
      sms: { sdkAppIds: ['1400000001'], signNames: ['星达通'], templates: { domestic: ['100001'], international: [] } },
      captcha: { appId: 190000001, appSecretKey: 'captcha-app-secret' },
    });
  });
  afterAll(async () => {
    await aliyun.close();
    await tencent.close();
  });

  describe('Alibaba Cloud SMS', () => {
    it('sends the code the server stores, with the brand’s sign name and template', async () => {
      aliyun.behave('normal');
      const h = harness(getDb(), { sms: aliyunSms() });
      const sent = await h.sendCode('13700000001', 'register', { host: 'localhost:3031' });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const message = aliyun.sent.at(-1)!;
      expect(message).toMatchObject({ phoneNumbers: '13700000001', signName: '达人宝', templateCode: 'SMS_200' });
      // The code the vendor got is the one the account flow accepts.
      const registered = await h.call('/v2/web/register', {
        host: 'localhost:3031',
        body: {
          phone: '13700000001',
          countryCode: 1,
          code: message.templateParam.code,
          password: 'correct horse battery',
          nickname: 'vendor test',
          channelId: 2,
          clientId: 'morestores',
        },
      });
      expect(registered.body, JSON.stringify(registered.body)).toMatchObject({ code: 200 });
    });

    it('answers a vendor refusal with "failed to send" in the user’s language, logs why, and refunds the send', async () => {
      aliyun.behave('normal');
      const errors = vi.spyOn(log, 'error');
      const h = harness(getDb(), { sms: aliyunSms() });
      expect((await h.sendCode('13700000002', 'register')).status).toBe(200);
      h.advance(61);
      // The vendor's own per-number limit (one a minute, real time) refuses the second code.
      const ticket = await h.ticket();
      const before = await h.counts();
      const refused = await h.call('/v2/sendSmsCode', {
        body: { phone: '13700000002', countryCode: 1, purpose: 'register', ticket },
        lang: 'en',
      });
      expect(refused.status).toBe(502);
      expect(refused.body).toEqual({ code: 40013, message: 'Failed to send the mobile phone verification code' });
      expect(await h.counts()).toEqual(before);
      expect(errors.mock.calls.map((c) => String(c[0])).join('\n')).toContain(
        '[sms] aliyun did not send to +86 137****0002: rate-limit (isv.BUSINESS_LIMIT_CONTROL',
      );
      errors.mockRestore();
    });

    it('fails a send signed with the wrong secret the same way', async () => {
      aliyun.behave('normal');
      const h = harness(getDb(), { sms: aliyunSms('not-the-secret') });
      const refused = await h.sendCode('13700000003', 'register');
      expect(refused.status).toBe(502);
      expect(refused.body).toEqual({ code: 40013, message: '手机验证码发送失败' });
      expect(aliyun.seen.at(-1)?.code).toBe('SignatureDoesNotMatch');
    });

    it('answers within the time-out when the vendor is silent, and the phone may try again at once', async () => {
      aliyun.behave('hang');
      const h = harness(getDb(), { sms: aliyunSms('ali-secret', 400) });
      const started = Date.now();
      const refused = await h.sendCode('13700000004', 'register');
      expect(refused.status).toBe(502);
      expect(Date.now() - started).toBeLessThan(3000);
      aliyun.behave('normal');
      expect((await h.sendCode('13700000004', 'register')).status).toBe(200);
    });
  });

  describe('Tencent Cloud captcha and SMS', () => {
    const setup = (timeoutMs = 1000) => {
      const captcha = createTencentCaptcha({
        appId: '190000001',
        appSecretKey: 'captcha-app-secret',
        secretId: 'AKIDtest',
        secretKey: 'tc-secret',
        endpoint: 'http://captcha.tencentcloudapi.com',
        agent,
        timeoutMs,
      });
      const sms = createTencentSms({
        secretId: 'AKIDtest',
        secretKey: 'tc-secret',
        endpoint: 'http://sms.tencentcloudapi.com',
        agent,
        brands: {
          starreach: { sdkAppId: '1400000001', signName: '星达通', templateId: '100001' },
          creatorbox: { sdkAppId: '1400000001', signName: '星达通', templateId: '100001' },
        },
      });
      return harness(getDb(), { captcha, sms });
    };
    const send = (h: ReturnType<typeof setup>, phone: string, ticket: string, randstr?: string) =>
      h.call('/v2/sendSmsCode', {
        body: { phone, countryCode: 1, purpose: 'register', ticket, ...(randstr ? { randstr } : {}) },
        ip: '203.0.113.7',
      });

    it('tells the page to show Tencent’s widget, and has no built-in puzzle', async () => {
      const h = setup();
      expect((await h.call('/v2/captcha/config')).body.data).toEqual({ provider: 'tencent', appId: '190000001' });
      expect((await h.call('/v2/captcha/puzzle', { body: {} })).status).toBe(404);
    });

    it('verifies ticket and random string with DescribeCaptchaResult before sending, once each', async () => {
      tencent.behave('normal');
      const h = setup();
      tencent.acceptTicket('tc-ticket-1', '@rand1');
      const ok = await send(h, '13600000001', 'tc-ticket-1', '@rand1');
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const check = tencent.seen.find((s) => s.action === 'DescribeCaptchaResult');
      expect(check?.params).toEqual({
        CaptchaType: 9,
        Ticket: 'tc-ticket-1',
        UserIp: '203.0.113.7',
        Randstr: '@rand1',
        CaptchaAppId: 190000001,
        AppSecretKey: 'captcha-app-secret',
      });
      expect(tencent.sms.at(-1)).toMatchObject({ phone: '+8613600000001', params: [expect.stringMatching(/^\d{6}$/)] });

      // A replay, a wrong random string, a missing one and a made-up ticket are "not verified" (40005).
      tencent.acceptTicket('tc-ticket-1', '@rand1');
      h.advance(61);
      expect((await send(h, '13600000002', 'tc-ticket-1', '@rand1')).body.code).toBe(40005);
      tencent.acceptTicket('tc-ticket-2', '@rand2');
      expect((await send(h, '13600000002', 'tc-ticket-2', '@other')).body.code).toBe(40005);
      expect((await send(h, '13600000002', 'tc-ticket-2')).body.code).toBe(40005);
      expect((await send(h, '13600000002', 'forged', '@x')).body.code).toBe(40005);
      expect(await h.count('sms_codes')).toBe(1);
    });

    it('treats a captcha outage, a silent service or a wrong API key as not verified, within the time-out', async () => {
      const h = setup(400);
      for (const mode of [500, 'hang'] as const) {
        tencent.behave(mode);
        tencent.acceptTicket('tc-ticket-3', '@rand3');
        const started = Date.now();
        expect((await send(h, '13600000003', 'tc-ticket-3', '@rand3')).body.code).toBe(40005);
        expect(Date.now() - started).toBeLessThan(3000);
      }
      tencent.behave('normal');
      const wrongKey = harness(getDb(), {
        captcha: createTencentCaptcha({
          appId: '190000001',
          appSecretKey: 'captcha-app-secret',
          secretId: 'AKIDtest',
          secretKey: 'wrong',
          endpoint: 'http://captcha.tencentcloudapi.com',
          agent,
        }),
      });
      tencent.acceptTicket('tc-ticket-4', '@rand4');
      expect((await send(wrongKey, '13600000004', 'tc-ticket-4', '@rand4')).body.code).toBe(40005);
      expect(tencent.seen.at(-1)?.code).toBe('AuthFailure.SignatureFailure');
      expect(await h.count('sms_codes')).toBe(0);
    });
  });
});
