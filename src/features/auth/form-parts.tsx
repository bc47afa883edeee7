/** Pieces every auth form shares: the submit button with its busy state, the agreement notice, the form notice. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useAppActors } from '~/app/actors-context';
import * as styles from './auth-form.css';

/**
 * The submit button. While a call runs it stays focusable but inert (`aria-disabled`), shows a spinner and
 * says what it is doing; the form ignores a second submit.
 */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: ReactNode;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={styles.submit} aria-disabled={busy || undefined}>
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {busy ? busyLabel : children}
    </button>
  );
}

/**
 * The form's default button, first in the form: Enter in a field presses the first submit button, and before the
 * page has hydrated the "get code" button is one (./sms-button.tsx). Rendered (so every engine takes it as the
 * default) but with no size, out of the tab order and hidden from assistive technology.
 */
export function DefaultSubmit() {
  return <button type="submit" className={styles.defaultSubmit} tabIndex={-1} aria-hidden="true" />;
}

/** "Logging in or registering implies agreement" (docs/product.md#validation), with links that open the two documents. */
export function AgreementNotice() {
  const { documentModal } = useAppActors();
  const open = (layerType: 'agreement' | 'privacy') => documentModal.send({ type: 'layer.open', layerType });
  return (
    <p className={styles.agreement}>
      <Trans>
        登录/注册即表示同意
        <button type="button" className={styles.inlineLink} aria-haspopup="dialog" onClick={() => open('agreement')}>
          《用户协议》
        </button>
        和
        <button type="button" className={styles.inlineLink} aria-haspopup="dialog" onClick={() => open('privacy')}>
          《隐私政策》
        </button>
      </Trans>
    </p>
  );
}

/** A message for the whole form (how long to wait after too many tries). */
export function FormNotice({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p className={styles.notice} role="alert">
      {children}
    </p>
  );
}

/** The "…" busy labels, shared so each form says what it is doing. */
export function useBusyLabels() {
  const { t } = useLingui();
  return { login: t`登录中…`, register: t`注册中…`, reset: t`提交中…` };
}

/** Kept here too for the auth pages that already import it from this file. */
export { useHydrated } from '~/lib/use-hydrated';
