/**
 * Alibaba Cloud SMS (`SMS_PROVIDER=aliyun`): Dysmsapi 2017-05-25 `SendSms` through Alibaba Cloud's own SDK. A +86
 * number gets the domestic template with its national number, any other the international one with dial code and
 * number ("85291234567"), as the SendSms reference asks; the code is the template parameter `{"code":"123456"}`.
 */
import * as DysmsapiModule from '@alicloud/dysmsapi20170525';
import * as OpenApi from '@alicloud/openapi-client';
import type { BrandId } from '../../../shared/brand';
import { type SmsFailureKind, type SmsProvider, SmsSendError, templateFor, withTimeout } from './types';

export interface AliyunBrandSms {
  signName: string;
  templateCode: string;
  /** Without it numbers outside +86 cannot be sent to. */
  templateCodeIntl?: string;
}

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  /** An origin, or a host with `protocol` (https unless set); `dysmsapi.aliyuncs.com` unless set. */
  endpoint?: string;
  protocol?: 'https' | 'http';
  brands: Record<BrandId, AliyunBrandSms>;
  timeoutMs?: number;
}

type DysmsapiClient = {
  sendSmsWithOptions(request: unknown, runtime: unknown): Promise<{ body?: { code?: string; message?: string } }>;
};
type ClientClass = new (config: unknown) => DysmsapiClient;

/** The SDK is CommonJS with its class on `default`; Node and the bundler wrap it differently. */
function clientClass(): ClientClass {
  const first = (DysmsapiModule as unknown as { default: { default?: ClientClass } | ClientClass }).default;
  return ((first as { default?: ClientClass }).default ?? first) as ClientClass;
}

/** The Dysmsapi client for these credentials (also used by `npm run admin -- check-providers`). */
export function aliyunClient(options: Omit<AliyunSmsOptions, 'brands' | 'timeoutMs'>) {
  const endpoint = options.endpoint ?? 'dysmsapi.aliyuncs.com';
  const url = new URL(endpoint.includes('://') ? endpoint : `${options.protocol ?? 'https'}://${endpoint}`);
  const Client = clientClass();
  return new Client(
    new OpenApi.Config({
      accessKeyId: options.accessKeyId,
      accessKeySecret: options.accessKeySecret,
      endpoint: url.host,
      protocol: url.protocol.slice(0, -1),
    }),
  );
}

/** No retries by the SDK: a second attempt after a time-out could send the code twice. */
export const aliyunRuntime = (timeoutMs: number) => ({
  readTimeout: timeoutMs,
  connectTimeout: timeoutMs,
  autoretry: false,
  maxAttempts: 0,
});

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
      const templateCode = templateFor('aliyun', message.dial, brand.templateCode, brand.templateCodeIntl);
      const request = new DysmsapiModule.SendSmsRequest({
        phoneNumbers: message.dial === '86' ? message.phone : `${message.dial}${message.phone}`,
        signName: brand.signName,
        templateCode,
        templateParam: JSON.stringify({ code: message.code }),
      });
      let answer: { body?: { code?: string; message?: string } };
      try {
        const sending = client.sendSmsWithOptions(request, aliyunRuntime(timeoutMs));
        answer = await withTimeout(sending, timeoutMs + 500, 'aliyun');
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
