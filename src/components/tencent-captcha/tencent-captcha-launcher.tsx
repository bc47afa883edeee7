/**
 * Opens Tencent's captcha while `open` is true (the SMS countdown machine's "verifying" state) and reports what
 * the user did: a ticket with its random string, a close, or an unavailable service. Tencent draws its own dialog,
 * so this renders nothing.
 */
import { useEffect, useRef } from 'react';
import { runTencentCaptcha, type TencentCaptchaConstructor } from './tencent-captcha';

export interface TencentCaptchaLauncherProps {
  open: boolean;
  appId: string;
  onPassed: (ticket: string, randstr: string) => void;
  onClose: () => void;
  onUnavailable: () => void;
  /** The script loader (tests give their own). */
  load?: () => Promise<TencentCaptchaConstructor>;
}

export function TencentCaptchaLauncher({
  open,
  appId,
  onPassed,
  onClose,
  onUnavailable,
  load,
}: TencentCaptchaLauncherProps) {
  const handlers = useRef({ onPassed, onClose, onUnavailable });
  handlers.current = { onPassed, onClose, onUnavailable };
  useEffect(() => {
    if (!open) return;
    let live = true;
    runTencentCaptcha(appId, load).then((outcome) => {
      if (!live) return;
      if (outcome.kind === 'passed') handlers.current.onPassed(outcome.ticket, outcome.randstr);
      else if (outcome.kind === 'closed') handlers.current.onClose();
      else handlers.current.onUnavailable();
    });
    return () => {
      live = false;
    };
  }, [open, appId, load]);
  return null;
}
