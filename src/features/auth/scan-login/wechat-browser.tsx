/**
 * Sign-in inside WeChat's browser (issue 34, item 3): where the page is opened in WeChat (`MicroMessenger` in the
 * user agent), the phone's login and /scan_code offer "Sign in with WeChat". It makes a login code's ticket, keeps it
 * in sessionStorage and goes through the official account's web authorisation (GET /wx/oauth/start, the server's
 * redirects), which brings the browser back to /scan_code?wx_oauth=<outcome>; the scan panel's first code is then
 * that ticket (`takeOAuthCode`), so its poll shows the QR login's outcomes: logged in, bind or register, banned.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { QrCodeResult } from '#machines/scan-login/scan-login.selectors';
import { localizePath } from '#shared/locale';
import { toast } from '~/components/toast/toast';
import { createLoginQrCode } from '~/lib/api/scan-login';
import { useLocale } from '~/lib/use-locale';
import { networkFailure } from '../api-errors';
import { leavePage } from '../navigation';
import * as styles from './wechat-browser.css';

/** Where the ticket waits while the browser is at WeChat's authorise page. */
export const OAUTH_CODE_KEY = 'wx_oauth_code';

const notFinished = msg`微信授权没有完成，请重试`;
/** The authorisation's returns that log nobody in and leave nothing to bind (oauth-routes.ts). */
const UNFINISHED = new Set(['expired', 'failed', 'cancelled', 'unavailable']);

export const isWeChatBrowser = (userAgent: string) => /MicroMessenger/i.test(userAgent);

/**
 * The code whose ticket the web authorisation finished, once, when the page is the authorisation's return
 * (`wx_oauth` in the query); null otherwise.
 */
export function takeOAuthCode(): QrCodeResult | null {
  if (typeof window === 'undefined') return null;
  let stored: string | null = null;
  try {
    stored = window.sessionStorage.getItem(OAUTH_CODE_KEY);
    window.sessionStorage.removeItem(OAUTH_CODE_KEY);
  } catch {
    return null;
  }
  if (!stored || !new URLSearchParams(window.location.search).has('wx_oauth')) return null;
  try {
    const code = JSON.parse(stored) as QrCodeResult;
    return typeof code.ticket === 'string' && code.expiresAt > Date.now() ? code : null;
  } catch {
    return null;
  }
}

/** The button, shown only in WeChat's browser (decided after hydration: the server does not know). */
export function WeChatSignIn() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [inWeChat, setInWeChat] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const inside = isWeChatBrowser(window.navigator.userAgent);
    setInWeChat(inside);
    // Back from an authorisation that did not finish: the page shows a fresh code; say why.
    const outcome = new URLSearchParams(window.location.search).get('wx_oauth');
    if (inside && outcome && UNFINISHED.has(outcome)) toast.error(i18n._(notFinished));
  }, [i18n]);
  if (!inWeChat) return null;

  const start = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const code = await createLoginQrCode();
      const kept: QrCodeResult = { ...code, expiresAt: Date.now() + code.expiresIn * 1000 };
      window.sessionStorage.setItem(OAUTH_CODE_KEY, JSON.stringify(kept));
      const query = new URLSearchParams({ ticket: code.ticket, return: localizePath('/scan_code', locale) });
      leavePage.assign(`/wx/oauth/start?${query}`);
    } catch {
      setBusy(false);
      toast.error(i18n._(networkFailure));
    }
  };

  return (
    <button
      type="button"
      className={styles.wechatButton}
      aria-disabled={busy}
      data-testid="wechat-sign-in"
      onClick={() => void start()}
    >
      {t`使用微信登录`}
    </button>
  );
}
