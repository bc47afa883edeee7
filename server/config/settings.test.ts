// @vitest-environment node
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyticsOrigins, readSettings, SettingsRefusal, startRefusal } from './settings';

describe('settings', () => {
  it('drains 5 s before a stop, none in development, and refuses a drain that is not a number', () => {
    expect(readSettings({}).shutdownDrainMs).toBe(5000);
    expect(readSettings({ NODE_ENV: 'development' }).shutdownDrainMs).toBe(0);
    expect(readSettings({ SHUTDOWN_DRAIN_MS: '1500' }).shutdownDrainMs).toBe(1500);
    expect(() => readSettings({ SHUTDOWN_DRAIN_MS: '5s' })).toThrow(
      'SHUTDOWN_DRAIN_MS must be a whole number, got "5s"',
    );
  });

  it('has the defaults of the settings schema (the ones docs/settings.md shows)', () => {
    expect(readSettings({})).toEqual({
      port: 3030,
      brand2Port: 3031,
      host: '0.0.0.0',
      brand2HostMarker: 'creatorbox',
      edition: 'main',
      workbenchUrl: '/workbench/function_introduction',
      production: true,
      standins: false,
      htmlCacheSeconds: 300,
      htmlCacheMegabytes: 64,
      benchUnlimited: false,
      shutdownTimeoutMs: 10000,
      metrics: null,
      console: null,
      webhookAllowPrivate: false,
      shutdownDrainMs: 5000,
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
      sms: { provider: 'builtin', timeoutMs: 5000 },
      smsBudget: expect.objectContaining({ total: { hourly: 500, daily: 5000 }, stepUpPercent: 80 }),
      conversions: { starreach: { baidu: undefined, urls: [] }, creatorbox: { baidu: undefined, urls: [] } },
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
    expect(settings.sms).toEqual({
      provider: 'http',
      timeoutMs: 5000,
      gatewayUrl: 'https://sms.example.test/send',
      gatewayKey: 'k',
    });
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

  const aliyun = {
    SMS_PROVIDER: 'aliyun',
    ALIYUN_ACCESS_KEY_ID: 'LTAI5tExample0001',
    ALIYUN_ACCESS_KEY_SECRET: 'secret-secret',
    ALIYUN_SMS_SIGN_NAME: '星达通',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_100',
  };
  const tencent = {
    SMS_PROVIDER: 'tencent',
    TENCENT_SECRET_ID: 'AKIDexample0001',
    TENCENT_SECRET_KEY: 'key-key-key',
    TENCENT_SMS_SDK_APP_ID: '1400000001',
    TENCENT_SMS_SIGN_NAME: '星达通',
    TENCENT_SMS_TEMPLATE_ID: '100001',
  };

  it('reads the SMS budgets: the total, each country (China its own), and refuses what it cannot use', () => {
    const defaults = readSettings({}).smsBudget;
    expect(defaults.perCountry[1]).toEqual({ hourly: 300, daily: 3000 });
    expect(defaults.perCountry[13]).toEqual({ hourly: 20, daily: 100 });
    expect(Object.keys(defaults.perCountry)).toHaveLength(18);
    const set = readSettings({
      SMS_BUDGET_TOTAL: '100/1000',
      SMS_BUDGET_COUNTRY: '5/10',
      SMS_BUDGET_COUNTRIES: '+44=50/200, 86=1000/9000',
      SMS_BUDGET_STEP_UP: '90',
    }).smsBudget;
    expect(set.total).toEqual({ hourly: 100, daily: 1000 });
    expect(set.stepUpPercent).toBe(90);
    expect([set.perCountry[19], set.perCountry[1], set.perCountry[9]]).toEqual([
      { hourly: 50, daily: 200 },
      { hourly: 1000, daily: 9000 },
      { hourly: 5, daily: 10 },
    ]);
    expect(() => readSettings({ SMS_BUDGET_TOTAL: '100' })).toThrow(/^SMS_BUDGET_TOTAL must be "per hour\/per day"/);
    expect(() => readSettings({ SMS_BUDGET_COUNTRY: '10/5' })).toThrow(/^SMS_BUDGET_COUNTRY must allow/);
    expect(() => readSettings({ SMS_BUDGET_COUNTRY: '0/5' })).toThrow(/^SMS_BUDGET_COUNTRY must allow/);
    expect(() => readSettings({ SMS_BUDGET_COUNTRIES: '999=1/2' })).toThrow(/^SMS_BUDGET_COUNTRIES .*"999=1\/2"/);
    expect(() => readSettings({ SMS_BUDGET_STEP_UP: '0' })).toThrow(/^SMS_BUDGET_STEP_UP /);
  });

  it('reads Alibaba Cloud SMS per brand, brand 2 falling back to brand 1', () => {
    const sms = readSettings({ ...aliyun, ALIYUN_SMS_TEMPLATE_CODE_2: 'SMS_200', SMS_TIMEOUT_MS: '3000' }).sms;
    expect(sms).toEqual({
      provider: 'aliyun',
      timeoutMs: 3000,
      aliyun: {
        accessKeyId: 'LTAI5tExample0001',
        accessKeySecret: 'secret-secret',
        endpoint: 'https://dysmsapi.aliyuncs.com',
        brands: {
          starreach: { signName: '星达通', templateCode: 'SMS_100', templateCodeIntl: undefined },
          creatorbox: { signName: '星达通', templateCode: 'SMS_200', templateCodeIntl: undefined },
        },
      },
    });
  });

  it('reads Tencent Cloud SMS and captcha', () => {
    const settings = readSettings({
      ...tencent,
      TENCENT_SMS_SDK_APP_ID_2: '1400000002',
      CAPTCHA_PROVIDER: 'tencent',
      CAPTCHA_APP_ID: '190000001',
      CAPTCHA_APP_SECRET_KEY: 'app-secret-key',
    });
    expect(settings.sms.tencent).toMatchObject({
      secretId: 'AKIDexample0001',
      endpoint: 'https://sms.tencentcloudapi.com',
      region: 'ap-guangzhou',
      brands: { starreach: { sdkAppId: '1400000001' }, creatorbox: { sdkAppId: '1400000002', templateId: '100001' } },
    });
    expect(settings.captcha).toEqual({
      provider: 'tencent',
      appId: '190000001',
      tencent: {
        secretId: 'AKIDexample0001',
        secretKey: 'key-key-key',
        appSecretKey: 'app-secret-key',
        endpoint: 'https://captcha.tencentcloudapi.com',
      },
    });
  });

  it('stops on a missing or wrong vendor setting, naming the variable', () => {
    for (const name of Object.keys(aliyun).filter((n) => n !== 'SMS_PROVIDER'))
      expect(() => readSettings({ ...aliyun, [name]: '' })).toThrow(
        new RegExp(`^${name} must be set when SMS_PROVIDER is "aliyun"`),
      );
    for (const name of Object.keys(tencent).filter((n) => n !== 'SMS_PROVIDER'))
      expect(() => readSettings({ ...tencent, [name]: '' })).toThrow(new RegExp(`^${name} must be set`));
    expect(() => readSettings({ ...aliyun, ALIYUN_SMS_TEMPLATE_CODE: '100' })).toThrow(
      /^ALIYUN_SMS_TEMPLATE_CODE must be a template code/,
    );
    expect(() => readSettings({ ...aliyun, ALIYUN_SMS_TEMPLATE_CODE_INTL_2: 'x' })).toThrow(
      /^ALIYUN_SMS_TEMPLATE_CODE_INTL_2 /,
    );
    expect(() => readSettings({ ...aliyun, ALIYUN_SMS_ENDPOINT: 'https://x/path' })).toThrow(/^ALIYUN_SMS_ENDPOINT /);
    expect(() => readSettings({ ...tencent, TENCENT_SECRET_ID: 'LTAI123456' })).toThrow(
      /^TENCENT_SECRET_ID must be the SecretId/,
    );
    expect(() => readSettings({ ...tencent, TENCENT_SMS_SDK_APP_ID: '14000' })).toThrow(/^TENCENT_SMS_SDK_APP_ID /);
    expect(() => readSettings({ ...tencent, TENCENT_SMS_REGION: 'mars' })).toThrow(/^TENCENT_SMS_REGION /);
    expect(() => readSettings({ ...tencent, TENCENT_SMS_ENDPOINT: 'https://sms.example.test:8443' })).toThrow(
      /^TENCENT_SMS_ENDPOINT must be a host name starting with "sms\." and without a port/,
    );
    expect(() => readSettings({ ...tencent, SMS_TIMEOUT_MS: '100' })).toThrow(/^SMS_TIMEOUT_MS /);
    expect(() => readSettings({ CAPTCHA_PROVIDER: 'tencent', CAPTCHA_APP_ID: '190000001' })).toThrow(
      /^TENCENT_SECRET_ID must be set when CAPTCHA_PROVIDER is "tencent"/,
    );
    expect(() =>
      readSettings({ ...tencent, SMS_PROVIDER: 'builtin', CAPTCHA_PROVIDER: 'tencent', CAPTCHA_APP_ID: '190000001' }),
    ).toThrow(/^CAPTCHA_APP_SECRET_KEY must be set when CAPTCHA_PROVIDER is "tencent"/);
    expect(() =>
      readSettings({
        ...tencent,
        CAPTCHA_PROVIDER: 'tencent',
        CAPTCHA_APP_ID: 'abc',
        CAPTCHA_APP_SECRET_KEY: 'k-k-k-k-k',
      }),
    ).toThrow(/^CAPTCHA_APP_ID must be the CaptchaAppId/);
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

  it('allows the stand-ins only with STANDINS=1, and refuses other values', () => {
    expect(readSettings({}).standins).toBe(false);
    expect(readSettings({ NODE_ENV: 'development' }).standins).toBe(false);
    expect(readSettings({ STANDINS: '1' }).standins).toBe(true);
    expect(readSettings({ STANDINS: '0' }).standins).toBe(false);
    expect(() => readSettings({ STANDINS: 'yes' })).toThrow('STANDINS must be 1 or 0, got "yes"');
  });

  it('refuses a start with a stand-in not asked for, naming each stand-in and the settings that replace it', () => {
    const refusal = startRefusal({}, readSettings({}));
    expect(refusal).toBeInstanceOf(SettingsRefusal);
    expect(refusal?.exitCode).toBe(78);
    expect(refusal?.message).toMatch(/^Not starting: this start would use built-in stand-ins: the SMS sink/);
    for (const name of ['SMS_PROVIDER', 'CAPTCHA_PROVIDER', 'WX_PROVIDER', 'WX_TOKEN', 'STANDINS=1'])
      expect(refusal?.message).toContain(name);
    expect(startRefusal({ STANDINS: '1' }, readSettings({ STANDINS: '1' }))).toBeNull();
    const real = {
      SMS_PROVIDER: 'http',
      SMS_GATEWAY_URL: 'https://sms.example.test/send',
      SMS_GATEWAY_KEY: 'gateway-key-0123456789',
      CAPTCHA_PROVIDER: 'remote',
      CAPTCHA_APP_ID: 'app-1',
      CAPTCHA_SECRET: 'captcha-secret-0123456789',
      CAPTCHA_VERIFY_URL: 'https://captcha.example.test/siteverify',
    };
    // One stand-in left (the simulator): named alone.
    const simulatorOnly = startRefusal(real, readSettings(real))?.message ?? '';
    expect(simulatorOnly).toContain('the WeChat simulator (set WX_PROVIDER=platform');
    expect(simulatorOnly).not.toContain('SMS_PROVIDER');
    expect(simulatorOnly).not.toContain('CAPTCHA_PROVIDER');
    const platform = {
      WX_PROVIDER: 'platform',
      WX_APP_ID: 'wx1',
      WX_APP_SECRET: 'app-secret-0123456789',
      WX_TOKEN: 'token-0123456789abcdef',
    };
    const deployed = { ...real, ...platform };
    expect(startRefusal(deployed, readSettings(deployed))).toBeNull();
  });

  it('refuses a start with a secret left as a placeholder or shorter than 16 characters, naming it', () => {
    const secrets = [
      'WX_TOKEN',
      'WX_APP_SECRET',
      'WX_APP_SECRET_2',
      'SMS_GATEWAY_KEY',
      'CAPTCHA_SECRET',
      'ALIYUN_ACCESS_KEY_SECRET',
      'TENCENT_SECRET_KEY',
      'CAPTCHA_APP_SECRET_KEY',
      'BAIDU_OCPC_TOKEN',
      'BAIDU_OCPC_TOKEN_2',
    ];
    const allowed = readSettings({ STANDINS: '1' });
    for (const name of secrets)
      for (const bad of ['change-me', 'CHANGE-ME-please-0123456789', 'short-secret'])
        expect(startRefusal({ STANDINS: '1', [name]: bad }, allowed)?.message).toBe(
          `Not starting: ${name}: a placeholder or shorter than 16 characters; set the real secret (docs/deploy.md).`,
        );
    expect(startRefusal({ STANDINS: '1', WX_TOKEN: 'change-me', SMS_GATEWAY_KEY: 'k' }, allowed)?.message).toMatch(
      /^Not starting: SMS_GATEWAY_KEY, WX_TOKEN: a placeholder or shorter than 16 characters/,
    );
    // Empty (as deploy/portal.env.example leaves them) is not a placeholder: the provider's own check asks for it.
    expect(startRefusal({ STANDINS: '1', WX_TOKEN: '', CAPTCHA_SECRET: '' }, allowed)).toBeNull();
    expect(startRefusal({ STANDINS: '1', WX_TOKEN: 'a-real-token-of-32-characters-xx' }, allowed)).toBeNull();
  });

  it('a production start with a stand-in and no STANDINS exits 78 with the message, nothing listening', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: join(dirname(fileURLToPath(import.meta.url)), '../..'),
      env: { ...process.env, VITEST: '', NODE_ENV: 'production', STANDINS: '', PORT: '0', BRAND2_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (data: Buffer) => {
      output += data;
    });
    child.stderr.on('data', (data: Buffer) => {
      output += data;
    });
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(78);
    expect(output).toContain('Not starting: this start would use built-in stand-ins');
    expect(output).toContain('set STANDINS=1');
    expect(output).not.toContain('http://localhost');
  }, 30_000);

  it('reads the database pool size, 1 to 1000', () => {
    expect(readSettings({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    expect(readSettings({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(10);
    for (const bad of ['0', '-1', '2.5', 'many', '1001'])
      expect(() => readSettings({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('serves metrics only when METRICS_PORT is set, on loopback unless METRICS_HOST says, never on a public port', () => {
    expect(readSettings({ METRICS_PORT: '' }).metrics).toBeNull();
    expect(readSettings({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(readSettings({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      port: 9464,
      host: '0.0.0.0',
    });
    for (const bad of ['0', '70000', 'nine', '-3'])
      expect(() => readSettings({ METRICS_PORT: bad })).toThrow(/METRICS_PORT/);
    expect(() => readSettings({ METRICS_PORT: '3030' })).toThrow(/METRICS_PORT must not be a public port/);
    expect(() => readSettings({ METRICS_PORT: '8081', BRAND2_PORT: '8081' })).toThrow(/public port/);
  });
});
