/** The start-up lines name the provider that is live, and say when the stand-ins STANDINS=1 allowed run. */
import { describe, expect, it } from 'vitest';
import { readSettings } from '../config/settings';
import { describeProviders } from './messaging/index';

describe('start-up provider lines', () => {
  it('name Alibaba Cloud or Tencent Cloud SMS and Tencent captcha when they are live', () => {
    const aliyun = describeProviders(
      readSettings({
        NODE_ENV: 'production',
        SMS_PROVIDER: 'aliyun',
        ALIYUN_ACCESS_KEY_ID: 'LTAI5tExample0001',
        ALIYUN_ACCESS_KEY_SECRET: 'secret-secret',
        ALIYUN_SMS_SIGN_NAME: '星达通',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_100',
      }),
    );
    expect(aliyun[0]).toBe(
      'Providers: SMS Alibaba Cloud SMS at https://dysmsapi.aliyuncs.com (sign name 星达通); captcha built-in slider puzzle.',
    );
    expect(aliyun.join('\n')).not.toContain('Stand-ins allowed');
    const tencent = describeProviders(
      readSettings({
        SMS_PROVIDER: 'tencent',
        TENCENT_SECRET_ID: 'AKIDexample0001',
        TENCENT_SECRET_KEY: 'key-key-key',
        TENCENT_SMS_SDK_APP_ID: '1400000001',
        TENCENT_SMS_SIGN_NAME: '星达通',
        TENCENT_SMS_TEMPLATE_ID: '100001',
        CAPTCHA_PROVIDER: 'tencent',
        CAPTCHA_APP_ID: '190000001',
        CAPTCHA_APP_SECRET_KEY: 'app-secret-key',
      }),
    );
    expect(tencent[0]).toBe(
      'Providers: SMS Tencent Cloud SMS at https://sms.tencentcloudapi.com (SDK AppID 1400000001, ap-guangzhou); captcha Tencent Cloud captcha (CaptchaAppId 190000001, verified at https://captcha.tencentcloudapi.com).',
    );
    expect(describeProviders(readSettings({ STANDINS: '1' })).join('\n')).toContain(
      'Stand-ins allowed (STANDINS=1): for trying the site, never for real users',
    );
  });
});
