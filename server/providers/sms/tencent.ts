/**
 * Tencent Cloud SMS (`SMS_PROVIDER=tencent`): `SendSms` of SMS API 2021-01-11 through Tencent Cloud's own SDK
 * (tencentcloud-sdk-nodejs-sms, which signs with "TC3-HMAC-SHA256", API 3.0 signature v3). Each brand has its
 * SDK app id, sign name and template ids; the number goes as `+<dial code><number>` (E.164, as SendSms asks), a
 * +86 number with the domestic template, any other with the international one. The code is the template's one
 * parameter.
 *
 * A send's outcome is in two places: a request-level `Response.Error` (credentials, app id, parameters), which the
 * SDK throws, and the per-number `SendStatusSet[0].Code` ("Ok" when sent), which carries rate limits, bad numbers,
 * unapproved signatures or templates and an empty package.
 *
 * Follows: Tencent Cloud SMS API 2021-01-11 "SendSms" (parameters, the SendStatus codes, the error code list) and
 * the API 3.0 "Signature v3".
 */
import type { Agent } from 'node:http';
import * as SmsModule from 'tencentcloud-sdk-nodejs-sms';
import type { BrandId } from '../../../shared/brand';
import { type SmsFailureKind, type SmsProvider, SmsSendError, withTimeout } from './types';

export interface TencentBrandSms {
  sdkAppId: string;
  signName: string;
  /** Template id for mainland China numbers (+86). */
  templateId: string;
  /** Template id for other countries; without it those numbers cannot be sent to. */
  templateIdIntl?: string;
}

export interface TencentCloudAccess {
  secretId: string;
  secretKey: string;
  /** `https://sms.tencentcloudapi.com` unless set; the SDK takes the service name from the host's first label. */
  endpoint?: string;
  region?: string;
  /** Tests route the real host name to their loopback fake with an agent. */
  agent?: Agent;
}

export interface TencentSmsOptions extends TencentCloudAccess {
  brands: Record<BrandId, TencentBrandSms>;
  timeoutMs?: number;
}

interface SmsClient {
  SendSms(request: unknown): Promise<{ SendStatusSet?: { Code?: string; Message?: string }[]; RequestId?: string }>;
  DescribeSmsTemplateList(
    request: unknown,
  ): Promise<{ DescribeTemplateStatusSet?: { TemplateId?: number; StatusCode?: number; ReviewReply?: string }[] }>;
}

/** Splits `https://host[:port]` into what the SDK's profile wants. */
export function tencentEndpoint(url: string): { protocol: string; host: string } {
  const parsed = new URL(url.includes('://') ? url : `https://${url}`);
  return { protocol: `${parsed.protocol}//`, host: parsed.host };
}

export function tencentSmsClient(access: TencentCloudAccess, timeoutMs = 5000): SmsClient {
  const { protocol, host } = tencentEndpoint(access.endpoint ?? 'https://sms.tencentcloudapi.com');
  const Client = (SmsModule as unknown as { sms: { v20210111: { Client: new (config: unknown) => SmsClient } } }).sms
    .v20210111.Client;
  return new Client({
    credential: { secretId: access.secretId, secretKey: access.secretKey },
    region: access.region ?? 'ap-guangzhou',
    profile: { httpProfile: { endpoint: host, protocol, reqTimeout: timeoutMs / 1000, agent: access.agent } },
  });
}

/** SendSms's error codes (request level and per number), grouped by what the operator must do. */
export function tencentFailureKind(code: string): SmsFailureKind {
  if (/^LimitExceeded\.(PhoneNumber|DeliveryFrequency|AppCountryOrRegion|AppDaily|AppGlobal)/.test(code))
    return 'rate-limit';
  if (
    /IncorrectPhoneNumber|PhoneNumberInBlacklist|PhoneNumberParseFail|UnsupportedRegion|ContainDomesticAndInternational/.test(
      code,
    )
  )
    return 'invalid-number';
  if (/Template/.test(code)) return 'template';
  if (/Signature(Incorrect|Unapproved)|MissingSignature|SignName|Sign(Id)?(Not|Incorrect)/.test(code))
    return 'signature';
  if (/InsufficientBalance|ContractNotSigned|OutOfPackage/.test(code)) return 'balance';
  if (/^(AuthFailure|UnauthorizedOperation)|SmsSdkAppId/.test(code)) return 'credentials';
  if (/^(InternalError|RequestLimitExceeded|ResourceUnavailable)/.test(code)) return 'outage';
  return 'other';
}

export function createTencentSms(options: TencentSmsOptions): SmsProvider {
  const timeoutMs = options.timeoutMs ?? 5000;
  const client = tencentSmsClient(options, timeoutMs);
  return {
    kind: 'tencent',
    async send(message) {
      const brand = options.brands[message.brandId];
      const domestic = message.dial === '86';
      const templateId = domestic ? brand.templateId : brand.templateIdIntl;
      if (!templateId)
        throw new SmsSendError(
          'tencent',
          'config',
          'NO_TEMPLATE',
          `no international template (TENCENT_SMS_TEMPLATE_ID_INTL) for +${message.dial}`,
        );
      let answer: Awaited<ReturnType<SmsClient['SendSms']>>;
      try {
        answer = await withTimeout(
          client.SendSms({
            PhoneNumberSet: [`+${message.dial}${message.phone}`],
            SmsSdkAppId: brand.sdkAppId,
            SignName: brand.signName,
            TemplateId: templateId,
            TemplateParamSet: [message.code],
          }),
          timeoutMs + 500,
          'tencent',
        );
      } catch (error) {
        if (error instanceof SmsSendError) throw error;
        const failure = error as { code?: string; message?: string; httpCode?: number };
        const text = failure.message ?? String(error);
        if (failure.code)
          throw new SmsSendError('tencent', tencentFailureKind(failure.code), failure.code, text.slice(0, 200));
        const kind = /timeout|aborted/i.test(text) ? 'timeout' : 'outage';
        throw new SmsSendError(
          'tencent',
          kind,
          failure.httpCode ? `HTTP ${failure.httpCode}` : 'NETWORK',
          text.slice(0, 200),
        );
      }
      const status = answer.SendStatusSet?.[0];
      const code = status?.Code ?? 'NO_STATUS';
      if (code !== 'Ok')
        throw new SmsSendError('tencent', tencentFailureKind(code), code, (status?.Message ?? '').slice(0, 200));
    },
  };
}
