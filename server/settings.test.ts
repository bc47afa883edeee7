// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readSettings } from './settings';

describe('settings', () => {
  it('has the defaults the README lists', () => {
    expect(readSettings({})).toEqual({
      port: 3030,
      brand2Port: 3031,
      host: '0.0.0.0',
      brand2HostMarker: 'creatorbox',
      edition: 'main',
      workbenchUrl: '/workbench/function_introduction',
      production: true,
      htmlCacheSeconds: 300,
      databaseUrl: undefined,
      dataDir: 'data/pglite',
      trustProxy: false,
      sms: { provider: 'builtin' },
      captcha: { provider: 'builtin' },
    });
  });

  it('reads the SMS gateway and the remote captcha, and insists on what each needs', () => {
    const settings = readSettings({
      SMS_PROVIDER: 'http',
      SMS_GATEWAY_URL: 'https://sms.example.test/send',
      SMS_GATEWAY_KEY: 'k',
      CAPTCHA_PROVIDER: 'remote',
      CAPTCHA_APP_ID: 'app-1',
      CAPTCHA_SECRET: 's',
      CAPTCHA_VERIFY_URL: 'https://captcha.example.test/siteverify',
    });
    expect(settings.sms).toEqual({ provider: 'http', gatewayUrl: 'https://sms.example.test/send', gatewayKey: 'k' });
    expect(settings.captcha).toEqual({
      provider: 'remote',
      appId: 'app-1',
      secret: 's',
      verifyUrl: 'https://captcha.example.test/siteverify',
    });
    expect(() => readSettings({ SMS_PROVIDER: 'pigeon' })).toThrow(/SMS_PROVIDER/);
    expect(() => readSettings({ SMS_PROVIDER: 'http', SMS_GATEWAY_KEY: 'k' })).toThrow(/SMS_GATEWAY_URL/);
    expect(() => readSettings({ SMS_PROVIDER: 'http', SMS_GATEWAY_URL: 'ftp://x', SMS_GATEWAY_KEY: 'k' })).toThrow(
      /SMS_GATEWAY_URL/,
    );
    expect(() => readSettings({ CAPTCHA_PROVIDER: 'remote', CAPTCHA_APP_ID: 'a', CAPTCHA_SECRET: 's' })).toThrow(
      /CAPTCHA_VERIFY_URL/,
    );
    expect(() => readSettings({ CAPTCHA_PROVIDER: 'other' })).toThrow(/CAPTCHA_PROVIDER/);
  });

  it('refuses values it cannot use, naming the setting', () => {
    expect(() => readSettings({ EDITION: 'asia' })).toThrow(/EDITION/);
    expect(() => readSettings({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
