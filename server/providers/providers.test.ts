// @vitest-environment node
/** The providers on their own: the slider's pictures, the HTTP SMS gateway and the remote captcha adapter. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvePuzzle } from '../testing/captcha-solver';
import { type FakeCaptchaVerifier, startFakeCaptchaVerifier } from '../testing/fake-captcha-verifier';
import { type FakeSmsGateway, startFakeSmsGateway } from '../testing/fake-sms-gateway';
import { createRemoteCaptcha } from './captcha/remote';
import { renderPuzzle } from './captcha/slider';
import { createHttpGateway } from './sms/http-gateway';
import type { SmsMessage } from './sms/index';
import { createSmsSink } from './sms/sink';

const message: SmsMessage = {
  brandId: 'creatorbox',
  tenantId: 51,
  brandName: '达人宝',
  countryCode: 1,
  dial: '86',
  phone: '13800138000',
  purpose: 'reset',
  code: '042917',
  language: 'zh',
  text: '【达人宝】您的验证码是 042917，5 分钟内有效，请勿泄露给他人。',
};

describe('slider puzzle', () => {
  it('draws a different puzzle each time with the gap where it says', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 8; i++) {
      const puzzle = renderPuzzle();
      expect(solvePuzzle(puzzle.background, puzzle.piece, puzzle.y)).toBe(puzzle.x);
      expect(puzzle.x).toBeGreaterThanOrEqual(72);
      expect(puzzle.x).toBeLessThanOrEqual(320 - 52 - 4);
      seen.add(puzzle.x);
    }
    expect(seen.size).toBeGreaterThan(1);
  });
});

describe('SMS sink', () => {
  it('logs one line per code and keeps an outbox, newest first', async () => {
    const lines: string[] = [];
    const sink = createSmsSink({ now: () => new Date('2026-01-01T00:00:00Z'), log: (line) => lines.push(line) });
    await sink.send(message);
    await sink.send({ ...message, phone: '13900139000', code: '111111', purpose: 'login' });
    expect(lines).toEqual(['[sms] +86 13800138000 reset code 042917', '[sms] +86 13900139000 login code 111111']);
    expect(sink.outbox?.().map((entry) => entry.code)).toEqual(['111111', '042917']);
    expect(sink.outbox?.('13800138000')).toEqual([
      { phone: '13800138000', countryCode: 1, purpose: 'reset', code: '042917', sentAt: '2026-01-01T00:00:00.000Z' },
    ]);
  });
});

describe('HTTP SMS gateway', () => {
  let gateway: FakeSmsGateway;
  beforeAll(async () => {
    gateway = await startFakeSmsGateway('secret-key');
  });
  afterAll(() => gateway.close());

  it('posts the message with the bearer key, and rejects on every kind of failure', async () => {
    const provider = createHttpGateway({ url: gateway.url, key: 'secret-key', timeoutMs: 300 });
    gateway.behave('normal');
    await provider.send(message);
    expect(gateway.messages.at(-1)).toEqual({
      to: '+8613800138000',
      countryCode: '86',
      phone: '13800138000',
      template: 'verification_code',
      purpose: 'reset',
      code: '042917',
      text: message.text,
      language: 'zh',
      tenantId: 51,
    });
    await expect(createHttpGateway({ url: gateway.url, key: 'wrong' }).send(message)).rejects.toThrow(/401/);
    gateway.behave(503);
    await expect(provider.send(message)).rejects.toThrow(/503/);
    gateway.behave('refuse');
    await expect(provider.send(message)).rejects.toThrow(/refused/);
    gateway.behave('hang');
    await expect(provider.send(message)).rejects.toThrow();
    gateway.behave('normal');
    await expect(createHttpGateway({ url: 'http://127.0.0.1:1/none', key: 'k' }).send(message)).rejects.toThrow();
  });
});

describe('remote captcha', () => {
  let verifier: FakeCaptchaVerifier;
  beforeAll(async () => {
    verifier = await startFakeCaptchaVerifier('server-secret');
  });
  afterAll(() => verifier.close());

  it('asks the verify URL with the secret, the ticket, the address and the app id', async () => {
    const captcha = createRemoteCaptcha({
      appId: 'app-7',
      secret: 'server-secret',
      verifyUrl: verifier.url,
      timeoutMs: 300,
    });
    verifier.accept('t1');
    expect(await captcha.verify('t1', '192.0.2.1')).toBe(true);
    expect(verifier.requests.at(-1)).toEqual({
      secret: 'server-secret',
      response: 't1',
      remoteip: '192.0.2.1',
      sitekey: 'app-7',
    });
    expect(await captcha.verify('t1', '192.0.2.1')).toBe(false);
    verifier.accept('t2');
    const wrongSecret = createRemoteCaptcha({ appId: 'app-7', secret: 'nope', verifyUrl: verifier.url });
    expect(await wrongSecret.verify('t2', '192.0.2.1')).toBe(false);
    verifier.behave(500);
    expect(await captcha.verify('t2', '192.0.2.1')).toBe(false);
    verifier.behave('hang');
    expect(await captcha.verify('t2', '192.0.2.1')).toBe(false);
  });
});

describe('the start-up summary of the providers', () => {
  it('says which providers are live, and that the stand-ins run when STANDINS=1 allowed them', async () => {
    const { describeProviders } = await import('./messaging/index');
    const { readSettings } = await import('../config/settings');
    expect(describeProviders(readSettings({ STANDINS: '1' }))).toEqual([
      'Providers: SMS built-in sink (codes in this log); captcha built-in slider puzzle.',
      expect.stringMatching(/^WeChat login: built-in phone simulator/),
      'Stand-ins allowed (STANDINS=1): for trying the site, never for real users (docs/deploy.md).',
    ]);
    const real = describeProviders(
      readSettings({
        NODE_ENV: 'production',
        STANDINS: '1',
        SMS_PROVIDER: 'http',
        SMS_GATEWAY_URL: 'https://sms.example/send',
        SMS_GATEWAY_KEY: 'k',
        CAPTCHA_PROVIDER: 'remote',
        CAPTCHA_APP_ID: 'a',
        CAPTCHA_SECRET: 's',
        CAPTCHA_VERIFY_URL: 'https://captcha.example/verify',
        WX_PROVIDER: 'platform',
        WX_APP_ID: 'wx1',
        WX_APP_SECRET: 's',
        WX_TOKEN: 't',
      }),
    );
    expect(real).toHaveLength(2);
    expect(real[0]).toContain('SMS HTTP gateway');
  });
});
