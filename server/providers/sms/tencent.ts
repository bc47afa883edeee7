/**
 * Tencent Cloud SMS (`SMS_PROVIDER=tencent`): SMS API 2021-01-11 `SendSms` through Tencent Cloud's own SDK. The
 * number goes as `+<dial code><number>`, a +86 number with the domestic template, any other with the international
 * one; the code is the template's one parameter. A send fails at request level (`Response.Error`, which the SDK
 * throws) or per number (`SendStatusSet[0].Code` other than "Ok": rate limits, bad numbers, unapproved signatures).
 */
import type { Agent } from 'node:http';
import * as SmsModule from 'tencentcloud-sdk-nodejs-sms';
import type { BrandId } from '../../../shared/brand';
import { type SmsFailureKind, type SmsProvider, SmsSendError, templateFor, withTimeout } from './types';

export interface TencentBrandSms {
  sdkAppId: string;
  signName: string;
  templateId: string;
  /** Without it numbers outside +86 cannot be sent to. */
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
      let answer: Awaited<ReturnType<SmsClient['SendSms']>>;
      try {
        const sending = client.SendSms({
          PhoneNumberSet: [`+${message.dial}${message.phone}`],
          SmsSdkAppId: brand.sdkAppId,
          SignName: brand.signName,
          TemplateId: templateFor('tencent', message.dial, brand.templateId, brand.templateIdIntl),
          TemplateParamSet: [message.code],
        });
        answer = await withTimeout(sending, timeoutMs + 500, 'tencent');
      } catch (error) {
        if (error instanceof SmsSendError) throw error;
        const failure = error as { code?: string; message?: string; httpCode?: number };
        const text = failure.message ?? String(error);
        const kind = failure.code
          ? tencentFailureKind(failure.code)
          : /timeout|aborted/i.test(text)
            ? 'timeout'
            : 'outage';
        const code = failure.code ?? (failure.httpCode ? `HTTP ${failure.httpCode}` : 'NETWORK');
        throw new SmsSendError('tencent', kind, code, text.slice(0, 200));
      }
      const status = answer.SendStatusSet?.[0];
      const code = status?.Code ?? 'NO_STATUS';
      if (code !== 'Ok')
        throw new SmsSendError('tencent', tencentFailureKind(code), code, (status?.Message ?? '').slice(0, 200));
    },
  };
}
