/** The SMS provider SMS_PROVIDER names: the built-in sink (./sink.ts), an HTTP gateway or a vendor's SDK. */
import { translate } from '../../api/catalog';
import type { Settings } from '../../config/settings';
import { createAliyunSms } from './aliyun';
import { createHttpGateway } from './http-gateway';
import { createSmsSink } from './sink';
import { createTencentSms } from './tencent';
import type { SmsMessage, SmsProvider } from './types';

export type { OutboxEntry, SmsFailureKind, SmsMessage, SmsProvider, SmsPurpose } from './types';
export { SmsSendError } from './types';

export function smsText(message: Pick<SmsMessage, 'brandName' | 'code' | 'language'>, minutes: number): string {
  const values = { brand: message.brandName, code: message.code, minutes };
  return translate(
    { id: /*i18n*/ '【{brand}】您的验证码是 {code}，{minutes} 分钟内有效，请勿泄露给他人。', values },
    message.language,
  );
}

export function createSmsProvider(settings: Settings, now: () => Date = () => new Date()): SmsProvider {
  const sms = settings.sms;
  if (sms.provider === 'http') {
    return createHttpGateway({ url: sms.gatewayUrl ?? '', key: sms.gatewayKey ?? '', timeoutMs: sms.timeoutMs });
  }
  if (sms.provider === 'aliyun' && sms.aliyun) return createAliyunSms({ ...sms.aliyun, timeoutMs: sms.timeoutMs });
  if (sms.provider === 'tencent' && sms.tencent) return createTencentSms({ ...sms.tencent, timeoutMs: sms.timeoutMs });
  return createSmsSink({ now });
}
