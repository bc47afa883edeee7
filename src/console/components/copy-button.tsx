/** Copies a text (a secret, a link) to the clipboard and says whether it worked, in a status beside the button. */
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import * as ui from '../styles/ui.css';

export function CopyButton({ text, children, primary }: { text: string; children: ReactNode; primary?: boolean }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  return (
    <>
      <button
        type="button"
        className={ui.button(primary ? { tone: 'primary' } : {})}
        onClick={() =>
          navigator.clipboard?.writeText(text).then(
            () => setCopied('yes'),
            () => setCopied('failed'),
          ) ?? setCopied('failed')
        }
      >
        {children}
      </button>
      <span role="status">{copied === 'yes' ? t`已复制` : copied === 'failed' ? t`复制失败，请手动复制` : ''}</span>
    </>
  );
}
