// @vitest-environment node
/**
 * `npm run admin -- check-providers` against the loopback fakes: it proves credentials through each vendor's
 * harmless call, fails on a wrong key or an unknown template, and says what it could not check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAliyun, startFakeAliyun } from '../testing/fake-aliyun';
import { type FakeTencent, loopbackAgent, startFakeTencent } from '../testing/fake-tencent';
import { checkProviders } from './check';

const ALIYUN_PORT = 5526;
const TENCENT_PORT = 5527;
let aliyun: FakeAliyun;
let tencent: FakeTencent;

beforeAll(async () => {
  aliyun = await startFakeAliyun({
    port: ALIYUN_PORT,
    accessKeyId: 'LTAIcheck',
    accessKeySecret: 'ali-secret',
    signNames: ['星达通'],
    templates: { domestic: ['SMS_100'], international: [] },
  });
  tencent = await startFakeTencent({
    port: TENCENT_PORT,
    secretId: 'AKIDcheck',
    secretKey: 'tc-secret',
    sms: { sdkAppIds: ['1400000001'], signNames: ['星达通'], templates: { domestic: ['100001'], international: [] } },
    captcha: { appId: 190000001, appSecretKey: 'captcha-app-secret' },
  });
});
afterAll(async () => {
  await aliyun.close();
  await tencent.close();
});

async function run(env: Record<string, string>) {
  const lines: string[] = [];
  const code = await checkProviders(env, { out: (line) => lines.push(line), agent: loopbackAgent(TENCENT_PORT) });
  return { code, lines };
}

const aliyunEnv = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_ACCESS_KEY_ID: 'LTAIcheck',
  ALIYUN_ACCESS_KEY_SECRET: 'ali-secret',
  ALIYUN_SMS_SIGN_NAME: '星达通',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_100',
  ALIYUN_SMS_ENDPOINT: `http://127.0.0.1:${ALIYUN_PORT}`,
};
const tencentEnv = {
  SMS_PROVIDER: 'tencent',
  TENCENT_SECRET_ID: 'AKIDcheck',
  TENCENT_SECRET_KEY: 'tc-secret',
  TENCENT_SMS_SDK_APP_ID: '1400000001',
  TENCENT_SMS_SIGN_NAME: '星达通',
  TENCENT_SMS_TEMPLATE_ID: '100001',
  TENCENT_SMS_ENDPOINT: 'http://sms.tencentcloudapi.com',
  CAPTCHA_PROVIDER: 'tencent',
  CAPTCHA_APP_ID: '190000001',
  CAPTCHA_APP_SECRET_KEY: 'captcha-app-secret',
  TENCENT_CAPTCHA_ENDPOINT: 'http://captcha.tencentcloudapi.com',
};

describe('check-providers', () => {
  it('Alibaba Cloud: reads the sign name and template with the key, sending nothing', async () => {
    const { code, lines } = await run(aliyunEnv);
    expect(lines).toEqual([
      '[ok] Alibaba Cloud sign name "星达通" (starreach): approved; the access key works',
      '[ok] Alibaba Cloud domestic template SMS_100 (starreach): approved',
      '[not checked] Alibaba Cloud (starreach): no international template: numbers outside +86 cannot get codes',
      '[not checked] Alibaba Cloud (creatorbox): no international template: numbers outside +86 cannot get codes',
      '[not checked] Captcha: built-in slider - nothing to check',
    ]);
    expect(code).toBe(0);
    expect(aliyun.sent).toEqual([]);
  });

  it('Alibaba Cloud: fails on a wrong secret and an unknown template', async () => {
    const wrong = await run({ ...aliyunEnv, ALIYUN_ACCESS_KEY_SECRET: 'not-the-secret' });
    expect(wrong.code).toBe(1);
    expect(wrong.lines[0]).toMatch(/^\[FAILED\] Alibaba Cloud sign name "星达通" \(starreach\): SignatureDoesNotMatch/);
    const template = await run({ ...aliyunEnv, ALIYUN_SMS_TEMPLATE_CODE: 'SMS_404' });
    expect(template.code).toBe(1);
    expect(template.lines[1]).toBe(
      '[FAILED] Alibaba Cloud domestic template SMS_404 (starreach): isv.SMS_TEMPLATE_ILLEGAL The template does not exist.',
    );
  });

  it('Tencent Cloud: reads the template list and asks the captcha API with a made-up ticket', async () => {
    const { code, lines } = await run(tencentEnv);
    expect(lines[0]).toBe('[ok] Tencent Cloud SMS domestic template 100001 (starreach): approved; the API key works');
    expect(lines.join('\n')).toContain(
      '[not checked] Tencent Cloud SMS (starreach): SDK AppID 1400000001 and sign name',
    );
    expect(lines.at(-1)).toMatch(/^\[ok\] Tencent captcha: the API key works; a made-up ticket got CaptchaCode 9/);
    expect(code).toBe(0);
    expect(tencent.sms).toEqual([]);
  });

  it('Tencent Cloud: fails on a wrong key, a wrong AppSecretKey, and a setting it cannot use', async () => {
    const wrong = await run({ ...tencentEnv, TENCENT_SECRET_KEY: 'not-the-key' });
    expect(wrong.code).toBe(1);
    expect(wrong.lines[0]).toMatch(
      /^\[FAILED\] Tencent Cloud SMS domestic template 100001 \(starreach\): AuthFailure.SignatureFailure/,
    );
    expect(wrong.lines.at(-1)).toMatch(
      /^\[FAILED\] Tencent captcha: DescribeCaptchaResult failed: AuthFailure.SignatureFailure/,
    );
    const secret = await run({ ...tencentEnv, CAPTCHA_APP_SECRET_KEY: 'wrong-app-secret' });
    expect(secret.lines.at(-1)).toMatch(/^\[FAILED\] .*CaptchaCode 100 .* - AppSecretKey is wrong/);
    const bad = await run({ ...tencentEnv, TENCENT_SMS_TEMPLATE_ID: 'abc' });
    expect(bad).toEqual({
      code: 1,
      lines: [
        '[FAILED] settings: TENCENT_SMS_TEMPLATE_ID must be a template ID of the SMS console (digits), got "abc"',
      ],
    });
  });
});
