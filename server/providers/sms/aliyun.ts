/**
 * Alibaba Cloud SMS (`SMS_PROVIDER=aliyun`): the `SendSms` call of Dysmsapi 2017-05-25 through Alibaba Cloud's own
 * SDK (@alicloud/dysmsapi20170525 on @alicloud/openapi-client, which signs with "ACS3-HMAC-SHA256", signature
 * V3). Each brand has its sign name and template codes: a +86 number gets the domestic template with its national
 * number; any other country the international template, with the number written as dial code and number
 * ("85291234567"), as the SendSms reference asks. The code goes in as the template parameter `{"code":"123456"}`.
 *
 * Follows: Alibaba Cloud SMS API reference "SendSms" (request parameters, `Code` = "OK" on success, the error
 * code list) and "Request syntax and signature method V3".
 */
import * as DysmsapiModule from '@alicloud/dysmsapi20170525';
import * as OpenApi from '@alicloud/openapi-client';
import type { BrandId } from '../../../shared/brand';
import { type SmsFailureKind, type SmsProvider, SmsSendError, withTimeout } from './types';

export interface AliyunBrandSms {
  signName: string;
  /** Template for mainland China numbers (+86). */
  templateCode: string;
  /** Template for numbers of other countries; without it those numbers cannot be sent to. */
  templateCodeIntl?: string;
}

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  /** Host (and port) of the SMS API, `dysmsapi.aliyuncs.com` unless set. */
  endpoint?: string;
  protocol?: 'https' | 'http';
  brands: Record<BrandId, AliyunBrandSms>;
  timeoutMs?: number;
}

type DysmsapiClient = {
  sendSmsWithOptions(request: unknown, runtime: unknown): Promise<{ body?: { code?: string; message?: string } }>;
  querySendStatisticsWithOptions?: unknown;
};
type ClientClass = new (config: unknown) => DysmsapiClient;

/** The SDK is CommonJS with its class on `default`; Node and the bundler wrap it differently. */
function clientClass(): ClientClass {
  const mod = DysmsapiModule as unknown as { default?: { default?: ClientClass } | ClientClass };
  const first = mod.default as { default?: ClientClass } | ClientClass;
  return ((first as { default?: ClientClass }).default ?? first) as ClientClass;
}

/** The Dysmsapi client for these credentials (also used by `npm run admin -- check-providers`). */
export function aliyunClient(
  options: Pick<AliyunSmsOptions, 'accessKeyId' | 'accessKeySecret' | 'endpoint' | 'protocol'>,
) {
  const Client = clientClass();
  return new Client(
    new OpenApi.Config({
      accessKeyId: options.accessKeyId,
      accessKeySecret: options.accessKeySecret,
      endpoint: options.endpoint ?? 'dysmsapi.aliyuncs.com',
      protocol: options.protocol ?? 'https',
    }),
  );
}

/** SendSms's error codes, grouped by what the operator must do. */
export function aliyunFailureKind(code: string): SmsFailureKind {
  if (/^isv\.(BUSINESS_LIMIT_CONTROL|DAY_LIMIT_CONTROL|MONTH_LIMIT_CONTROL)$/.test(code)) return 'rate-limit';
  if (/^isv\.(MOBILE_NUMBER_ILLEGAL|BLACK_KEY_CONTROL_LIMIT|DENY_IP_RANGE)$|^isv\.PHONE/.test(code))
    return 'invalid-number';
  if (/TEMPLATE|PARAM_LENGTH_LIMIT|INVALID_JSON_PARAM/.test(code)) return 'template';
  if (/SIGN/.test(code) && !/^SignatureDoesNotMatch|^IncompleteSignature/.test(code)) return 'signature';
  if (/^isv\.(AMOUNT_NOT_ENOUGH|OUT_OF_SERVICE)$/.test(code)) return 'balance';
  if (
    /^(InvalidAccessKeyId|SignatureDoesNotMatch|IncompleteSignature|Forbidden|isp\.RAM_PERMISSION_DENY|isv\.ACCOUNT_)/.test(
      code,
    )
  )
    return 'credentials';
  if (/^(isp\.SYSTEM_ERROR|ServiceUnavailable|InternalError|Throttling)/.test(code)) return 'outage';
  return 'other';
}

export function createAliyunSms(options: AliyunSmsOptions): SmsProvider {
  const client = aliyunClient(options);
  const timeoutMs = options.timeoutMs ?? 5000;
  return {
    kind: 'aliyun',
    async send(message) {
      const brand = options.brands[message.brandId];
      const domestic = message.dial === '86';
      const templateCode = domestic ? brand.templateCode : brand.templateCodeIntl;
      if (!templateCode)
        throw new SmsSendError(
          'aliyun',
          'config',
          'NO_TEMPLATE',
          `no international template (ALIYUN_SMS_TEMPLATE_CODE_INTL) for +${message.dial}`,
        );
      const request = new DysmsapiModule.SendSmsRequest({
        phoneNumbers: domestic ? message.phone : `${message.dial}${message.phone}`,
        signName: brand.signName,
        templateCode,
        templateParam: JSON.stringify({ code: message.code }),
      });
      // No retries by the SDK: a second attempt after a time-out could send the code twice.
      const runtime = { readTimeout: timeoutMs, connectTimeout: timeoutMs, autoretry: false, maxAttempts: 0 };
      let answer: { body?: { code?: string; message?: string } };
      try {
        answer = await withTimeout(client.sendSmsWithOptions(request, runtime), timeoutMs + 500, 'aliyun');
      } catch (error) {
        if (error instanceof SmsSendError) throw error;
        const failure = error as { code?: string; message?: string; data?: { Code?: string; Message?: string } };
        const code = failure.data?.Code ?? failure.code ?? 'NETWORK';
        const text = failure.data?.Message ?? failure.message ?? String(error);
        const kind = failure.data?.Code || failure.code ? aliyunFailureKind(code) : 'outage';
        throw new SmsSendError('aliyun', /timeout/i.test(text) ? 'timeout' : kind, code, text.slice(0, 200));
      }
      const code = answer.body?.code ?? 'NO_CODE';
      if (code !== 'OK')
        throw new SmsSendError('aliyun', aliyunFailureKind(code), code, (answer.body?.message ?? '').slice(0, 200));
    },
  };
}
