/**
 * The Alibaba Cloud connector runs the real SDK against a loopback fake of Dysmsapi that recomputes the V3
 * signature and answers SendSms's documented error codes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAliyun, startFakeAliyun } from '../../testing/fake-aliyun';
import { createAliyunSms } from './aliyun';
import { type SmsMessage, SmsSendError } from './types';

const PORT = 5520;
const brands = {
  starreach: { signName: '星达通', templateCode: 'SMS_100', templateCodeIntl: 'SMS_900' },
  creatorbox: { signName: '达人宝', templateCode: 'SMS_200' },
};
const message = (over: Partial<SmsMessage> = {}): SmsMessage => ({
  brandId: 'starreach',
  tenantId: 14,
  brandName: '星达通',
  countryCode: 1,
  dial: '86',
  phone: '13800138000',
  purpose: 'register',
  code: '123456',
  language: 'zh',
  text: 'unused by template vendors',
  ...over,
});

let fake: FakeAliyun;
const connector = (secret = 'right-secret', timeoutMs = 1500) =>
  createAliyunSms({
    accessKeyId: 'LTAI-test',
    accessKeySecret: secret,
    endpoint: `127.0.0.1:${PORT}`,
    protocol: 'http',
    brands,
    timeoutMs,
  });

beforeAll(async () => {
  fake = await startFakeAliyun({
    port: PORT,
    accessKeyId: 'LTAI-test',
    accessKeySecret: 'right-secret',
    signNames: ['星达通', '达人宝'],
    templates: { domestic: ['SMS_100', 'SMS_200'], international: ['SMS_900'] },
  });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.behave('normal');
  fake.sent.length = 0;
});

const failure = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
};

describe('Alibaba Cloud SMS through the SDK', () => {
  it('sends a +86 code with the brand sign name, the domestic template and the code as parameter', async () => {
    await connector().send(message({ phone: '13900000001' }));
    expect(fake.sent).toEqual([
      { phoneNumbers: '13900000001', signName: '星达通', templateCode: 'SMS_100', templateParam: { code: '123456' } },
    ]);
    expect(fake.seen.at(-1)).toEqual({ action: 'SendSms', code: 'OK' });
  });

  it('sends another country with the international template and dial code + number', async () => {
    await connector().send(message({ countryCode: 3, dial: '60', phone: '123456789' }));
    expect(fake.sent[0]).toMatchObject({ phoneNumbers: '60123456789', templateCode: 'SMS_900' });
  });

  it('uses the second brand’s sign name and template', async () => {
    await connector().send(message({ brandId: 'creatorbox', tenantId: 51, phone: '13900000002' }));
    expect(fake.sent[0]).toMatchObject({ signName: '达人宝', templateCode: 'SMS_200' });
  });

  it('is refused by the vendor when signed with a wrong secret', async () => {
    const error = await failure(connector('wrong-secret').send(message({ phone: '13900000003' })));
    expect(fake.seen.at(-1)?.code).toBe('SignatureDoesNotMatch');
    expect(error.kind).toBe('credentials');
    expect(error.vendorCode).toBe('SignatureDoesNotMatch');
    expect(fake.sent).toEqual([]);
  });

  it('maps the per-number rate limit', async () => {
    await connector().send(message({ phone: '13900000004' }));
    const error = await failure(connector().send(message({ phone: '13900000004' })));
    expect([error.kind, error.vendorCode]).toEqual(['rate-limit', 'isv.BUSINESS_LIMIT_CONTROL']);
    expect(error.logLine('+86 139****0004')).toContain('rate-limit (isv.BUSINESS_LIMIT_CONTROL');
  });

  it('maps an invalid number, a template and a signature problem, and an empty balance', async () => {
    const bad = await failure(connector().send(message({ countryCode: 3, dial: '60', phone: '1' })));
    expect([bad.kind, bad.vendorCode]).toEqual(['invalid-number', 'isv.MOBILE_NUMBER_ILLEGAL']);
    const template = await failure(
      createAliyunSms({
        accessKeyId: 'LTAI-test',
        accessKeySecret: 'right-secret',
        endpoint: `127.0.0.1:${PORT}`,
        protocol: 'http',
        brands: { ...brands, starreach: { ...brands.starreach, templateCode: 'SMS_404' } },
      }).send(message({ phone: '13900000005' })),
    );
    expect([template.kind, template.vendorCode]).toEqual(['template', 'isv.SMS_TEMPLATE_ILLEGAL']);
    const sign = await failure(
      createAliyunSms({
        accessKeyId: 'LTAI-test',
        accessKeySecret: 'right-secret',
        endpoint: `127.0.0.1:${PORT}`,
        protocol: 'http',
        brands: { ...brands, starreach: { ...brands.starreach, signName: '无此签名' } },
      }).send(message({ phone: '13900000006' })),
    );
    expect([sign.kind, sign.vendorCode]).toEqual(['signature', 'isv.SMS_SIGNATURE_ILLEGAL']);
    fake.behave('no-balance');
    const balance = await failure(connector().send(message({ phone: '13900000007' })));
    expect([balance.kind, balance.vendorCode]).toEqual(['balance', 'isv.AMOUNT_NOT_ENOUGH']);
  });

  it('refuses a country without an international template before calling the vendor', async () => {
    const error = await failure(
      connector().send(message({ brandId: 'creatorbox', countryCode: 3, dial: '60', phone: '123456789' })),
    );
    expect(error.kind).toBe('config');
    expect(error.message).toContain('ALIYUN_SMS_TEMPLATE_CODE_INTL');
  });

  it('gives up within the time-out when the vendor does not answer, and on an outage', async () => {
    fake.behave('hang');
    const started = Date.now();
    const slow = await failure(connector('right-secret', 400).send(message({ phone: '13900000008' })));
    expect(slow.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
    fake.behave(503);
    const down = await failure(connector().send(message({ phone: '13900000009' })));
    expect(down.kind).toBe('outage');
  });
});
