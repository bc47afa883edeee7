/**
 * The configured captcha (the built-in slider or Tencent's), asked for once when first shown: the SMS button's
 * check before a code, and the login's after repeated failures of an account (40005, decision 045). A Tencent
 * captcha that cannot load says so and closes.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { CaptchaDialog } from '~/components/slider-captcha/captcha-dialog';
import { TencentCaptchaLauncher } from '~/components/tencent-captcha/tencent-captcha-launcher';
import { toast } from '~/components/toast/toast';
import { captchaUnavailable } from './api-errors';
import { type CaptchaChoice, captchaService, loadCaptchaChoice } from './captcha-service';

export interface ConfiguredCaptchaProps {
  /** Shown (default) or kept mounted and hidden. */
  open?: boolean;
  onPassed: (ticket: string, randstr?: string) => void;
  onClose: () => void;
}

export function ConfiguredCaptcha({ open = true, onPassed, onClose }: ConfiguredCaptchaProps) {
  const { i18n } = useLingui();
  const [choice, setChoice] = useState<CaptchaChoice | null>(null);
  useEffect(() => {
    let live = true;
    loadCaptchaChoice().then((next) => {
      if (live) setChoice(next);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!choice) return null;
  if (choice.provider === 'tencent')
    return (
      <TencentCaptchaLauncher
        open={open}
        appId={choice.appId}
        onPassed={onPassed}
        onClose={onClose}
        onUnavailable={() => {
          toast.error(i18n._(captchaUnavailable));
          onClose();
        }}
      />
    );
  return (
    <CaptchaDialog open={open} onClose={onClose} service={captchaService} onPassed={(ticket) => onPassed(ticket)} />
  );
}
