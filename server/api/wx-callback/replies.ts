/**
 * What the official account says back in the chat after a scan (the passive text reply), in the language of
 * the scan (Chinese unless the simulator asked for English). The confirm sentence carries the link to our
 * /wx/confirm page as an `<a>` tag, which the platform's chat shows as a link.
 */
import { escapeHtml } from '../../http/html';
import type { ScanOutcome } from '../../scan-login/scan';
import { translate } from '../catalog';

export type ReplyLang = 'zh' | 'en';

export function confirmLink(origin: string, scene: string, confirmToken: string, lang: ReplyLang): string {
  const query = new URLSearchParams({ scene, t: confirmToken });
  if (lang === 'en') query.set('lang', 'en');
  return `${origin}/wx/confirm?${query}`;
}

export function replyText(outcome: ScanOutcome, input: { brandName: string; lang: ReplyLang; link?: string }): string {
  const brand = input.brandName;
  switch (outcome.kind) {
    case 'confirm': {
      const link = `<a href="${input.link}">${translate(/*i18n*/ '点此确认登录', input.lang)}</a>`;
      // The chat shows the reply as markup: the nickname (anyone's choice) goes in as text, never as a tag.
      const values = { userName: escapeHtml(outcome.userName), brand: escapeHtml(brand), link };
      return translate({ id: /*i18n*/ '{userName}，您正在电脑上登录{brand}，{link}', values }, input.lang);
    }
    case 'unbound':
      return translate(
        { id: /*i18n*/ '该微信尚未绑定{brand}账号，请回到电脑上绑定已有账号或注册新账号。', values: { brand } },
        input.lang,
      );
    case 'banned':
      return translate(/*i18n*/ '账号已被封禁，无法登录。', input.lang);
    case 'linked':
      return translate(
        {
          id: /*i18n*/ '微信已绑定到{brand}账号“{userName}”，可在电脑上继续。',
          values: { brand: escapeHtml(brand), userName: escapeHtml(outcome.userName) },
        },
        input.lang,
      );
    case 'bindFailed':
      return translate(/*i18n*/ '绑定失败：该微信已绑定其他账号，或账号已绑定其他微信。', input.lang);
    case 'taken':
      return translate(/*i18n*/ '该二维码已被其他微信扫描，请在电脑上刷新二维码。', input.lang);
    default:
      return translate(/*i18n*/ '二维码已过期，请在电脑上刷新后重新扫码。', input.lang);
  }
}
