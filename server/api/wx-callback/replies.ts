/**
 * What the official account says back in the chat after a scan (the passive text reply), in the language of
 * the scan (Chinese unless the simulator asked for English). The confirm sentence carries the link to our
 * /wx/confirm page as an `<a>` tag, which the platform's chat shows as a link.
 */
import type { ScanOutcome } from '../../scan-login/scan';

export type ReplyLang = 'zh' | 'en';

export function confirmLink(origin: string, scene: string, confirmToken: string, lang: ReplyLang): string {
  const query = new URLSearchParams({ scene, t: confirmToken });
  if (lang === 'en') query.set('lang', 'en');
  return `${origin}/wx/confirm?${query}`;
}

export function replyText(outcome: ScanOutcome, input: { brandName: string; lang: ReplyLang; link?: string }): string {
  const en = input.lang === 'en';
  const brand = input.brandName;
  switch (outcome.kind) {
    case 'confirm':
      return en
        ? `${outcome.userName}, you are logging in to ${brand} on a computer. <a href="${input.link}">Confirm the login</a>`
        : `${outcome.userName}，您正在电脑上登录${brand}，<a href="${input.link}">点此确认登录</a>`;
    case 'unbound':
      return en
        ? `This WeChat is not bound to a ${brand} account yet. Go back to the computer to bind your account or register.`
        : `该微信尚未绑定${brand}账号，请回到电脑上绑定已有账号或注册新账号。`;
    case 'banned':
      return en ? 'Account is banned. You cannot log in with it.' : '账号已被封禁，无法登录。';
    case 'taken':
      return en
        ? 'This QR code was already scanned by another WeChat. Reload the QR code on the computer.'
        : '该二维码已被其他微信扫描，请在电脑上刷新二维码。';
    default:
      return en
        ? 'The QR code has expired. Reload it on the computer and scan again.'
        : '二维码已过期，请在电脑上刷新后重新扫码。';
  }
}
