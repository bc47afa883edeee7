/**
 * The Tencent Cloud connector runs the real SDK against a loopback fake of API 3.0 that recomputes the TC3
 * signature and answers SendSms's documented error codes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTencent, loopbackAgent, startFakeTencent } from '../../testing/fake-tencent';
import { createTencentSms, type TencentSmsOptions } from './tencent';
import { type SmsMessage, SmsSendError } from './types';

const PORT = 5521;
const brands: TencentSmsOptions['brands'] = {
  starreach: { sdkAppId: '1400000001', signName: '星达通', templateId: '100001', templateIdIntl: '900001' },
  creatorbox: { sdkAppId: '1400000002', signName: '达人宝', templateId: '200001' },
};
const message = (over: Partial<SmsMessage> = {}): SmsMessage => ({
  brandId: 'starreach',
  tenantId: 14,
  brandName: '星达通',
  countryCode: 1,
  dial: '86',
  phone: '13800138000',
  purpose: 'login',
  code: '654321',
  language: 'zh',
  text: 'unused by template vendors',
  ...over,
});

let fake: FakeTencent;
const agent = loopbackAgent(PORT);
const connector = (over: Partial<TencentSmsOptions> = {}) =>
  createTencentSms({
    secretId: 'AKID-test',
    secretKey: 'right-key',
    endpoint: 'http://sms.tencentcloudapi.com',
    agent,
    brands,
    timeoutMs: 1500,
    ...over,
  });

beforeAll(async () => {
  fake = await startFakeTencent({
    port: PORT,
    secretId: 'AKID-test',
    secretKey: 'right-key',
    sms: {
      sdkAppIds: ['1400000001', '1400000002'],
      signNames: ['星达通', '达人宝'],
      templates: { domestic: ['100001', '200001'], international: ['900001'] },
    },
  });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.behave('normal');
  fake.sms.length = 0;
});

const failure = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
};

describe('Tencent Cloud SMS through the SDK', () => {
  it('sends +86 with the brand’s app id, sign name and domestic template, the code as the one parameter', async () => {
    await connector().send(message({ phone: '13900000001' }));
    expect(fake.sms).toEqual([
      { phone: '+8613900000001', sdkAppId: '1400000001', signName: '星达通', templateId: '100001', params: ['654321'] },
    ]);
    expect(fake.seen.at(-1)).toMatchObject({ action: 'SendSms', code: 'Ok' });
  });

  it('sends another country in +<dial code> form with the international template', async () => {
    await connector().send(message({ countryCode: 3, dial: '60', phone: '123456789' }));
    expect(fake.sms[0]).toMatchObject({ phone: '+60123456789', templateId: '900001' });
  });

  it('uses the second brand’s settings', async () => {
    await connector().send(message({ brandId: 'creatorbox', tenantId: 51, phone: '13900000002' }));
    expect(fake.sms[0]).toMatchObject({ sdkAppId: '1400000002', signName: '达人宝', templateId: '200001' });
  });

  it('is refused by the vendor when signed with a wrong secret key', async () => {
    const error = await failure(connector({ secretKey: 'wrong-key' }).send(message({ phone: '13900000003' })));
    expect(fake.seen.at(-1)?.code).toBe('AuthFailure.SignatureFailure');
    expect([error.kind, error.vendorCode]).toEqual(['credentials', 'AuthFailure.SignatureFailure']);
    expect(fake.sms).toEqual([]);
  });

  it('maps the per-number rate limit, an invalid number, template, signature, app id and balance problems', async () => {
    await connector().send(message({ phone: '13900000004' }));
    const limit = await failure(connector().send(message({ phone: '13900000004' })));
    expect([limit.kind, limit.vendorCode]).toEqual(['rate-limit', 'LimitExceeded.PhoneNumberThirtySecondLimit']);
    const number = await failure(connector().send(message({ phone: '1390000' })));
    expect([number.kind, number.vendorCode]).toEqual(['invalid-number', 'InvalidParameterValue.IncorrectPhoneNumber']);
    const template = await failure(
      connector({ brands: { ...brands, starreach: { ...brands.starreach, templateId: '404' } } }).send(
        message({ phone: '13900000005' }),
      ),
    );
    expect([template.kind, template.vendorCode]).toEqual(['template', 'FailedOperation.TemplateIncorrectOrUnapproved']);
    const sign = await failure(
      connector({ brands: { ...brands, starreach: { ...brands.starreach, signName: '无此签名' } } }).send(
        message({ phone: '13900000006' }),
      ),
    );
    expect([sign.kind, sign.vendorCode]).toEqual(['signature', 'FailedOperation.SignatureIncorrectOrUnapproved']);
    const app = await failure(
      connector({ brands: { ...brands, starreach: { ...brands.starreach, sdkAppId: '1409999999' } } }).send(
        message({ phone: '13900000007' }),
      ),
    );
    expect([app.kind, app.vendorCode]).toEqual(['credentials', 'UnauthorizedOperation.SmsSdkAppIdVerifyFail']);
    fake.behave('no-balance');
    const balance = await failure(connector().send(message({ phone: '13900000008' })));
    expect([balance.kind, balance.vendorCode]).toEqual(['balance', 'FailedOperation.InsufficientBalanceInSmsPackage']);
  });

  it('gives up within the time-out when the vendor does not answer, and on an outage', async () => {
    fake.behave('hang');
    const started = Date.now();
    const slow = await failure(connector({ timeoutMs: 400 }).send(message({ phone: '13900000009' })));
    expect(slow.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
    fake.behave(502);
    const down = await failure(connector().send(message({ phone: '13900000010' })));
    expect(down.kind).toBe('outage');
  });
});
