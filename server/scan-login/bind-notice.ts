/**
 * The SMS notice every new WeChat binding sends to the account's phone (a binding made by someone else
 * must not go unnoticed): the brand, that a WeChat was bound, and what to do if it was not the seller. It goes
 * through the SMS provider after the binding committed; a failed send is logged, never undoes the binding.
 * The vendors' SDKs (aliyun, tencent) send approved templates only, and none is configured for this text yet:
 * with them the notice is logged as not sent.
 */
import { brands } from '../../shared/brand';
import type { AccountsContext } from '../accounts/context';
import { COUNTRIES, maskPhone } from '../accounts/phone';
import { translate } from '../api/catalog';
import type { RequestFacts } from '../api/http';
import { log } from '../ops/log';

export function bindNoticeText(brandName: string, language: 'zh' | 'en'): string {
  return translate(
    {
      id: /*i18n*/ '【{brand}】您的账号刚刚绑定了一个微信，之后可用它扫码登录。如果不是您本人操作，请立即重置密码（重置时会解除24小时内绑定的微信）或联系客服。',
      values: { brand: brandName },
    },
    language,
  );
}

export async function sendBindNotice(
  ctx: Pick<AccountsContext, 'sms'>,
  req: Pick<RequestFacts, 'brandId' | 'tenantId' | 'language'>,
  user: { country_code: number; phone: string },
): Promise<void> {
  const dial = COUNTRIES.get(user.country_code)?.dial ?? '';
  const to = `+${dial} ${maskPhone(user.phone)}`;
  if (ctx.sms.kind === 'aliyun' || ctx.sms.kind === 'tencent') {
    log.warn(`[sms] bind notice to ${to} not sent: ${ctx.sms.kind} has no notice template configured`);
    return;
  }
  const brandName = brands[req.brandId].name[req.language];
  try {
    await ctx.sms.send({
      brandId: req.brandId,
      tenantId: req.tenantId,
      brandName,
      countryCode: user.country_code,
      dial,
      phone: user.phone,
      purpose: 'notice',
      code: '',
      language: req.language,
      text: bindNoticeText(brandName, req.language),
    });
  } catch (error) {
    log.error({ err: error }, `[sms] bind notice to ${to} failed`);
  }
}
