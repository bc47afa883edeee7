/**
 * The captcha the login asks for after repeated failures of an account (40005, decision 045): the configured one
 * (the built-in slider or Tencent's), opened at once; its ticket goes with the next login attempt. Loaded with
 * its first use, like the SMS button's logic.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { CaptchaDialog } from '~/components/slider-captcha/captcha-dialog';
import { TencentCaptchaLauncher } from '~/components/tencent-captcha/tencent-captcha-launcher';
import { toast } from '~/components/toast/toast';
import { captchaUnavailable } from './api-errors';
import { type CaptchaChoice, captchaService, loadCaptchaChoice } from './captcha-service';

export interface LoginCaptchaProps {
  onPassed: (ticket: string, randstr?: string) => void;
  onClose: () => void;
}

export function LoginCaptcha({ onPassed, onClose }: LoginCaptchaProps) {
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
        open
        appId={choice.appId}
        onPassed={onPassed}
        onClose={onClose}
        onUnavailable={() => {
          toast.error(i18n._(captchaUnavailable));
          onClose();
        }}
      />
    );
  return <CaptchaDialog open onClose={onClose} service={captchaService} onPassed={(ticket) => onPassed(ticket)} />;
}
