// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { analyticsOrigins, readSettings } from './settings';

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
      demoMode: false,
      htmlCacheSeconds: 300,
      htmlCacheMegabytes: 64,
      benchUnlimited: false,
      shutdownTimeoutMs: 10000,
      downloads: {
        starreach: { client: null, pluginBrowser: null },
        creatorbox: { client: null, pluginBrowser: null },
      },
      analytics: { starreach: null, creatorbox: null },
      databaseUrl: undefined,
      databasePoolSize: 10,
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

  it('reads analytics and ad conversions per brand, off by default', () => {
    const settings = readSettings({
      ANALYTICS_SITE_ID: 'abc123',
      AD_CONVERSION_URLS_2: 'bd_vid=https://ads.example/c?id={clickId}  qhclickid=https://e.360.example/{clickId}',
    });
    expect(settings.analytics.starreach).toEqual({ script: 'https://hm.baidu.com/hm.js?abc123', conversions: [] });
    expect(settings.analytics.creatorbox).toEqual({
      script: null,
      conversions: [
        { param: 'bd_vid', url: 'https://ads.example/c?id={clickId}' },
        { param: 'qhclickid', url: 'https://e.360.example/{clickId}' },
      ],
    });
    expect(analyticsOrigins(settings.analytics.starreach)).toEqual({
      script: ['https://hm.baidu.com'],
      connect: ['https://hm.baidu.com'],
    });
    expect(analyticsOrigins(settings.analytics.creatorbox)).toEqual({
      script: [],
      connect: ['https://ads.example', 'https://e.360.example'],
    });
    expect(analyticsOrigins(null)).toEqual({ script: [], connect: [] });
    const local = readSettings({
      ANALYTICS_SITE_ID_2: 'x',
      ANALYTICS_SCRIPT_URL: 'http://127.0.0.1:9/t.js?site={siteId}',
    });
    expect(local.analytics.creatorbox?.script).toBe('http://127.0.0.1:9/t.js?site=x');
    expect(local.analytics.starreach).toBeNull();
  });

  it('refuses analytics settings it cannot use, naming the setting', () => {
    expect(() => readSettings({ ANALYTICS_SITE_ID: 'a b' })).toThrow(/ANALYTICS_SITE_ID/);
    expect(() => readSettings({ ANALYTICS_SITE_ID: 'a', ANALYTICS_SCRIPT_URL: 'https://x.example/a.js' })).toThrow(
      /ANALYTICS_SCRIPT_URL must contain \{siteId\}/,
    );
    expect(() => readSettings({ ANALYTICS_SITE_ID: 'a', ANALYTICS_SCRIPT_URL: 'javascript:{siteId}' })).toThrow(
      /ANALYTICS_SCRIPT_URL/,
    );
    expect(() => readSettings({ AD_CONVERSION_URLS: 'gclid=https://x.example/{clickId}' })).toThrow(
      /AD_CONVERSION_URLS entries must be bd_vid or qhclickid/,
    );
    expect(() => readSettings({ AD_CONVERSION_URLS_2: 'bd_vid=https://x.example/' })).toThrow(
      /AD_CONVERSION_URLS_2: the bd_vid URL must contain \{clickId\}/,
    );
    expect(() => readSettings({ AD_CONVERSION_URLS: 'bd_vid=ftp://x/{clickId}' })).toThrow(/AD_CONVERSION_URLS/);
  });

  it('refuses values it cannot use, naming the setting', () => {
    expect(() => readSettings({ EDITION: 'asia' })).toThrow(/EDITION/);
    expect(() => readSettings({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('turns demo mode on with DEMO_MODE=1 or in development, and refuses other values', () => {
    expect(readSettings({}).demoMode).toBe(false);
    expect(readSettings({ NODE_ENV: 'production' }).demoMode).toBe(false);
    expect(readSettings({ NODE_ENV: 'development' }).demoMode).toBe(true);
    expect(readSettings({ DEMO_MODE: '1' }).demoMode).toBe(true);
    expect(readSettings({ NODE_ENV: 'development', DEMO_MODE: '0' }).demoMode).toBe(false);
    expect(() => readSettings({ DEMO_MODE: 'yes' })).toThrow('DEMO_MODE must be 1 or 0, got "yes"');
  });

  it('reads the database pool size, 1 to 1000', () => {
    expect(readSettings({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    expect(readSettings({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(10);
    for (const bad of ['0', '-1', '2.5', 'many', '1001'])
      expect(() => readSettings({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
