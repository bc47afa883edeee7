/**
 * Sign-in inside WeChat's browser (issue 34, item 3): where the page is opened in WeChat (`MicroMessenger` in the
 * user agent), the phone's login and /scan_code offer "Sign in with WeChat". It goes through the official account's
 * web authorisation (GET /wx/oauth/start, which makes a ticket for this browser, and the server's redirects), which
 * brings the browser back to /scan_code?wx_oauth=<outcome>#wx_ticket=<ticket>; the scan panel's first code is then
 * that ticket (`takeOAuthCode`), so its poll shows the QR login's outcomes: logged in, bind or register, banned.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { QrCodeResult } from '#machines/scan-login/scan-login.selectors';
import { localizePath } from '#shared/locale';
import { toast } from '~/components/toast/toast';
import { useLocale } from '~/lib/use-locale';
import { leavePage } from '../navigation';
import * as styles from './wechat-browser.css';

const TICKET_IN_FRAGMENT = /^#wx_ticket=([\w-]{43})$/;

const notFinished = msg`微信授权没有完成，请重试`;
/** The authorisation's returns that log nobody in and leave nothing to bind (oauth-routes.ts). */
const UNFINISHED = new Set(['expired', 'failed', 'cancelled', 'unavailable', 'busy']);

export const isWeChatBrowser = (userAgent: string) => /MicroMessenger/i.test(userAgent);

/** Whether the page is the authorisation's return with its ticket (not taken yet). */
export function oauthReturnPending(): boolean {
  return (
    typeof window !== 'undefined' &&
    TICKET_IN_FRAGMENT.test(window.location.hash) &&
    new URLSearchParams(window.location.search).has('wx_oauth')
  );
}

/**
 * The code whose ticket the web authorisation finished, once, when the page is the authorisation's return
 * (`?wx_oauth=` and the ticket in the fragment, which only this browser saw); the fragment is then removed.
 */
export function takeOAuthCode(): QrCodeResult | null {
  if (typeof window === 'undefined') return null;
  const found = TICKET_IN_FRAGMENT.exec(window.location.hash);
  if (!found || !new URLSearchParams(window.location.search).has('wx_oauth')) return null;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  // Not a QR code: nobody scans it; the poll says how the authorisation ended (and how long is left).
  return {
    ticket: found[1],
    qrcode: '',
    qrUrl: '',
    expiresIn: 60,
    expiresAt: Date.now() + 60_000,
    pollInterval: 2,
    simulator: false,
  };
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

  const start = () => {
    if (busy) return;
    setBusy(true);
    const query = new URLSearchParams({ return: localizePath('/scan_code', locale) });
    leavePage.assign(`/wx/oauth/start?${query}`);
  };

  return (
    <button
      type="button"
      className={styles.wechatButton}
      aria-disabled={busy}
      data-testid="wechat-sign-in"
      onClick={start}
    >
      {t`使用微信登录`}
    </button>
  );
}
