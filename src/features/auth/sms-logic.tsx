/**
 * What the "get code" button (./sms-button) runs, loaded with the button's first use: the SMS countdown machine
 * with its effects, and the slider captcha dialog. A click checks the phone, opens the slider captcha, sends the
 * code with the captcha's ticket and then counts 60 s down ("59 s") before another code may be asked for. A 429
 * blocks it for the wait the server names ("请 56 秒后再试"), counted down the same way. Success and failure are
 * told with toasts (docs/product.md#errors-and-messages); a failure about the phone (already registered, not valid for the country) goes
 * next to the phone field instead. The machine's phase and countdown are handed to the button to show.
 */

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { smsCountdownMachine } from '#machines/sms-countdown/sms-countdown.machine';
import {
  type SmsSendFailure,
  type SmsSendInput,
  type SmsSent,
  type SmsTarget,
  selectCaptchaOpen,
  selectRemaining,
  selectSmsPhase,
} from '#machines/sms-countdown/sms-countdown.selectors';
import { CODES } from '#shared/contract/codes';
import { toast } from '~/components/toast/toast';
import { type SmsPurpose, sendSmsCode } from '~/lib/api/accounts';
import { ApiRequestError } from '~/lib/api/errors';
import { networkFailure } from './api-errors';
import { ConfiguredCaptcha } from './configured-captcha';

/** What the button shows: the machine's phase and the seconds left of a countdown. */
export interface SmsView {
  phase: ReturnType<typeof selectSmsPhase>;
  remaining: number;
}

export interface SmsLogicProps {
  purpose: SmsPurpose;
  /** The code went out: the form moves focus to the code field. */
  onSent?: () => void;
  /** The server's message is about the phone (40006 registered, 40011 invalid, 40000 on phone). */
  onPhoneError: (message: string) => void;
  /** Every change of what the button shows. */
  onView: (view: SmsView) => void;
  /** Called once the machine runs, with the way to ask for a code. */
  onReady: (request: (target: SmsTarget) => void) => void;
}

/** Maps a rejection of `sendSmsCode` to what the machine knows. */
export function toSmsFailure(error: unknown): SmsSendFailure {
  if (error instanceof ApiRequestError) {
    if (error.isRateLimited) {
      return {
        kind: 'rateLimited',
        retryAfter: error.retryAfter ?? 60,
        ...(error.message ? { message: error.message } : {}),
      };
    }
    return {
      kind: 'failed',
      code: error.code,
      ...(error.message ? { message: error.message } : {}),
      ...(error.field ? { field: error.field } : {}),
    };
  }
  return { kind: 'failed' };
}

const PHONE_CODES = new Set<number>([CODES.phoneRegistered, CODES.phoneInvalid]);

const sentMessage = msg`验证码发送成功`;
const sendFailed = msg`手机验证码发送失败`;
const sendFailedWith = (reason: string) => msg`手机验证码发送失败：${reason}`;

export function SmsLogic({ purpose, onSent, onPhoneError, onView, onReady }: SmsLogicProps) {
  const { i18n } = useLingui();
  const latest = useRef({ purpose, onSent, onPhoneError, i18n });
  latest.current = { purpose, onSent, onPhoneError, i18n };

  // The machine with its effects, made once (the effects read the latest props through `latest`).
  const [logic] = useState(() =>
    smsCountdownMachine.provide({
      actors: {
        sendCode: fromPromise<SmsSent, SmsSendInput>(({ input }) =>
          sendSmsCode({ ...input, purpose: latest.current.purpose }).then(
            ({ resendIn }) => ({ resendIn }),
            (error: unknown) => {
              throw toSmsFailure(error);
            },
          ),
        ),
      },
      actions: {
        sent: () => {
          toast.success(latest.current.i18n._(sentMessage));
          latest.current.onSent?.();
        },
        // The app shows the "too many requests" warning for every 429; the button shows the wait.
        blocked: () => {},
        failed: (_, { failure }) => {
          const { i18n } = latest.current;
          if (failure.kind !== 'failed') return;
          const aboutPhone =
            PHONE_CODES.has(failure.code ?? 0) || (failure.code === CODES.badRequest && failure.field === 'phone');
          if (aboutPhone && failure.message) {
            latest.current.onPhoneError(failure.message);
            return;
          }
          const reason = failure.message || (!failure.code ? i18n._(networkFailure) : '');
          // The provider's failure (40013) says just what the toast says: no need to say it twice.
          const plain = !reason || reason === i18n._(sendFailed);
          toast.error(i18n._(plain ? sendFailed : sendFailedWith(reason)));
        },
      },
    }),
  );
  const actor = useActorRef(logic);
  const phase = useSelector(actor, selectSmsPhase);
  const remaining = useSelector(actor, selectRemaining);
  const captchaOpen = useSelector(actor, selectCaptchaOpen);
  // After the actor has started (useActorRef starts it in an earlier effect of this component).
  // biome-ignore lint/correctness/useExhaustiveDependencies: handed over once per actor.
  useEffect(() => {
    onReady((target) => actor.send({ type: 'user.request', ...target }));
  }, [actor]);
  useEffect(() => {
    onView({ phase, remaining });
  }, [phase, remaining, onView]);

  return (
    <ConfiguredCaptcha
      open={captchaOpen}
      onPassed={(ticket, randstr) => actor.send({ type: 'captcha.passed', ticket, randstr })}
      onClose={() => actor.send({ type: 'captcha.cancel' })}
    />
  );
}
