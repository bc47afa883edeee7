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
      htmlCacheMegabytes: 64,
      benchUnlimited: false,
      shutdownTimeoutMs: 10000,
      downloads: {
        starreach: { client: null, pluginBrowser: null },
        creatorbox: { client: null, pluginBrowser: null },
      },
      databaseUrl: undefined,
      dataDir: 'data/pglite',
      trustProxy: null,
      publicUrl: undefined,
      publicUrl2: undefined,
      allowedHosts: [],
      hstsPreload: false,
      sms: { provider: 'builtin' },
      captcha: { provider: 'builtin' },
      wx: {
        provider: 'simulator',
        qrTtlSeconds: 300,
        apiUrl: 'https://api.weixin.qq.com',
        simulatorUrl: undefined,
        simulatorUrl2: undefined,
        token: undefined,
      },
    });
  });

  it('reads the WeChat platform and insists on its credentials and token', () => {
    const platform = {
      WX_PROVIDER: 'platform',
      WX_APP_ID: 'wx-app-1',
      WX_APP_SECRET: 'secret-1',
      WX_TOKEN: 'token-1',
      WX_QR_TTL_SECONDS: '600',
    };
    expect(readSettings(platform).wx).toEqual({
      provider: 'platform',
      qrTtlSeconds: 600,
      apiUrl: 'https://api.weixin.qq.com',
      account: { appId: 'wx-app-1', appSecret: 'secret-1' },
      account2: undefined,
      token: 'token-1',
    });
    expect(readSettings({ ...platform, WX_APP_ID_2: 'wx-app-2', WX_APP_SECRET_2: 'secret-2' }).wx.account2).toEqual({
      appId: 'wx-app-2',
      appSecret: 'secret-2',
    });
    expect(() => readSettings({ ...platform, WX_TOKEN: '' })).toThrow(/WX_TOKEN/);
    expect(() => readSettings({ ...platform, WX_APP_SECRET: undefined })).toThrow(/WX_APP_SECRET/);
    expect(() => readSettings({ ...platform, WX_APP_ID_2: 'wx-app-2' })).toThrow(/WX_APP_SECRET_2/);
    expect(() => readSettings({ WX_PROVIDER: 'carrier-pigeon' })).toThrow(/WX_PROVIDER/);
    expect(() => readSettings({ WX_QR_TTL_SECONDS: '5' })).toThrow(/WX_QR_TTL_SECONDS/);
    expect(() => readSettings({ WX_API_URL: 'ftp://x' })).toThrow(/WX_API_URL/);
    expect(() => readSettings({ WX_SIMULATOR_URL: 'phone' })).toThrow(/WX_SIMULATOR_URL/);
    expect(() => readSettings({ WX_SIMULATOR_URL_2: 'phone' })).toThrow(/WX_SIMULATOR_URL_2/);
    expect(readSettings({ WX_SIMULATOR_URL: 'http://192.168.1.20:3030', WX_TOKEN: 't' }).wx).toMatchObject({
      provider: 'simulator',
      simulatorUrl: 'http://192.168.1.20:3030',
      token: 't',
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
