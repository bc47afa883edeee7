/**
 * Sonner's toaster, loaded with the first toast (see toast-host.tsx): centred under the header, at most three,
 * each leaving after TOAST_DURATION_MS unless hovered or focused, with a close button in the page's language.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import 'sonner/dist/styles.css';
import { layout } from '~/styles/theme.css';
import { connectToaster, TOAST_DURATION_MS } from './toast';

export function Toaster() {
  const { t } = useLingui();
  useEffect(() => connectToaster(toast), []);
  return (
    <Sonner
      position="top-center"
      offset={layout.headerHeight + 16}
      duration={TOAST_DURATION_MS}
      visibleToasts={3}
      richColors
      closeButton
      containerAriaLabel={t`通知`}
      toastOptions={{ closeButtonAriaLabel: t`关闭通知` }}
    />
  );
}
