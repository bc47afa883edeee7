/**
 * The "get code" button beside a code field. The page loads only the button: what it runs (the SMS countdown
 * machine and XState, the slider captcha dialog, the HTTP client; ./sms-logic) loads with its first use (when
 * the pointer comes over it or it gets focus, at the latest on the click), so a phone's first load of a form
 * page carries none of it. A click made while it loads is carried out once it is there.
 */
import { useLingui } from '@lingui/react/macro';
import { type ComponentType, type MouseEvent, useCallback, useRef, useState } from 'react';
import type { SmsTarget } from '#machines/sms-countdown/sms-countdown.selectors';
import { toast } from '~/components/toast/toast';
import type { SmsPurpose } from '~/lib/api/accounts';
import { guardChunk } from '~/lib/chunk-reload';
import { useHydrated } from '~/lib/use-hydrated';
import { networkFailure } from './api-errors';
import * as styles from './auth-form.css';
import type { SmsLogicProps, SmsView } from './sms-logic';

export interface SmsButtonProps {
  purpose: SmsPurpose;
  /** The phone to send to, or null when the phone field is not valid (the form then shows why). */
  getTarget: () => SmsTarget | null;
  /** The code went out: the form moves focus to the code field. */
  onSent?: () => void;
  /** The server's message is about the phone (40006 registered, 40011 invalid, 40000 on phone). */
  onPhoneError: (message: string) => void;
}

/** Loads the button's logic (once; later calls share the first load). */
export const loadSmsLogic = guardChunk(() => import('./sms-logic'));

export function SmsButton({ purpose, getTarget, onSent, onPhoneError }: SmsButtonProps) {
  const { i18n, t } = useLingui();
  const [Logic, setLogic] = useState<ComponentType<SmsLogicProps> | null>(null);
  const [view, setView] = useState<SmsView>({ phase: 'idle', remaining: 0 });
  const [loading, setLoading] = useState(false);
  const hydrated = useHydrated();
  const requestCode = useRef<((target: SmsTarget) => void) | null>(null);
  const waiting = useRef<SmsTarget | null>(null);

  const load = () => {
    if (Logic || loading) return;
    setLoading(true);
    loadSmsLogic().then(
      (module) => setLogic(() => module.SmsLogic),
      () => {
        setLoading(false);
        if (waiting.current) toast.error(i18n._(networkFailure));
        waiting.current = null;
      },
    );
  };

  const request = (event: MouseEvent) => {
    // Rendered as a submit button for the press before the script (see above): the app answers it here.
    event.preventDefault();
    const target = getTarget();
    if (!target) return;
    if (requestCode.current) {
      requestCode.current(target);
      return;
    }
    waiting.current = target;
    load();
  };

  const onReady = useCallback((send: (target: SmsTarget) => void) => {
    requestCode.current = send;
    const target = waiting.current;
    waiting.current = null;
    if (target) send(target);
  }, []);

  // Until the logic runs, a click made while it loads shows as sending.
  const phase = Logic ? view.phase : loading && waiting.current ? 'sending' : 'idle';
  const { remaining } = view;
  const label = (() => {
    switch (phase) {
      case 'counting':
        return t`${remaining} s`;
      case 'blocked':
        return t`请 ${remaining} 秒后再试`;
      case 'verifying':
      case 'sending':
        return t`发送中…`;
      default:
        return t`获取验证码`;
    }
  })();

  return (
    <>
      <button
        type={hydrated ? 'button' : 'submit'}
        name={hydrated ? undefined : 'send'}
        value={hydrated ? undefined : 'code'}
        className={styles.smsButton}
        onClick={request}
        onPointerEnter={load}
        onFocus={load}
        onTouchStart={load}
        disabled={phase !== 'idle'}
        aria-busy={phase === 'sending' || undefined}
        data-phase={phase}
      >
        {label}
      </button>
      {Logic ? (
        <Logic purpose={purpose} onSent={onSent} onPhoneError={onPhoneError} onView={setView} onReady={onReady} />
      ) : null}
    </>
  );
}
