/**
 * The slider captcha in the site's dialog: a machine (the SMS countdown) says when it is open; closing it in
 * any way reports `onClose`. The captcha mounts only while open, so every opening starts with a new puzzle.
 */
import { useLingui } from '@lingui/react/macro';
import { Dialog } from '~/components/dialog/dialog';
import { type CaptchaService, SliderCaptcha } from './slider-captcha';

export interface CaptchaDialogProps {
  open: boolean;
  onClose: () => void;
  service: CaptchaService;
  onPassed: (ticket: string) => void;
}

export function CaptchaDialog({ open, onClose, service, onPassed }: CaptchaDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t`安全验证`}
      description={t`拖动下方滑块，使拼图块嵌入缺口`}
      width={368}
    >
      {open ? <SliderCaptcha service={service} onPassed={onPassed} /> : null}
    </Dialog>
  );
}
