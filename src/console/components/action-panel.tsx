/**
 * The confirmation of an operator action (machines/console/action.machine.ts): what the action is, the reason a ban
 * needs, then pending, done or failed with the server's message. Rendered in place (not a modal), it takes the
 * focus when it opens and gives it back to the page when dismissed; Escape cancels.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { fromPromise } from 'xstate';
import { actionMachine } from '#machines/console/action.machine';
import type { ActionRequest, ConsoleActionKind } from '#machines/console/action.selectors';
import { selectActionView } from '#machines/console/action.selectors';
import * as ui from '../styles/ui.css';

export const ACTION_NAMES: Record<ConsoleActionKind, MessageDescriptor> = {
  ban: msg`封禁账号`,
  unban: msg`解除封禁`,
  revokeOne: msg`下线这台设备`,
  revokeAll: msg`下线全部设备`,
  unbindWechat: msg`解绑微信`,
  revealPhone: msg`显示完整手机号`,
  resend: msg`重新投递`,
  deleteWebhook: msg`删除接收地址`,
  publish: msg`立即发布`,
  schedule: msg`定时发布`,
  unpublish: msg`撤下文章`,
};

export type ConsoleActionRef = ReturnType<typeof useConsoleAction>;

/** The action machine with the page's effect and what the page does with the answer. */
export function useConsoleAction(
  perform: (request: ActionRequest, reason: string) => Promise<unknown>,
  apply: (request: ActionRequest, result: unknown) => void,
) {
  const effects = useRef({ perform, apply });
  effects.current = { perform, apply };
  return useActorRef(
    actionMachine.provide({
      actors: {
        perform: fromPromise<unknown, { request: ActionRequest; reason: string }>(({ input }) =>
          effects.current.perform(input.request, input.reason),
        ),
      },
      actions: {
        applyResult: (_, params) => {
          if (params.request) effects.current.apply(params.request, params.result);
        },
      },
    }),
  );
}

export function ActionPanel({ actor }: { actor: ConsoleActionRef }) {
  const { i18n, t } = useLingui();
  const view = useSelector(actor, selectActionView);
  const reason = useSelector(actor, (s) => s.context.reason);
  const titleId = useId();
  const reasonId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  const open = view.state !== 'idle';

  useEffect(() => {
    if (view.state === 'confirming') {
      opener.current ??= document.activeElement;
      const first = panel.current?.querySelector<HTMLElement>('textarea, button');
      first?.focus();
    }
    if (view.state === 'idle' && opener.current) {
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
      opener.current = null;
    }
  }, [view.state]);

  if (!open || !view.request) return null;
  const name = i18n._(ACTION_NAMES[view.request.kind]);
  return (
    <div
      ref={panel}
      className={ui.confirmPanel}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="action-panel"
      data-state={view.state}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && view.state === 'confirming') actor.send({ type: 'action.cancel' });
      }}
    >
      <h2 id={titleId} className={ui.subheading}>
        {name}
      </h2>
      {view.state === 'confirming' && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'action.confirm' });
          }}
        >
          {view.request.needsReason && (
            <div className={ui.field}>
              <label className={ui.label} htmlFor={reasonId}>
                <Trans>原因（必填）</Trans>
              </label>
              <textarea
                id={reasonId}
                className={ui.input}
                required
                maxLength={500}
                rows={3}
                value={reason}
                onChange={(event) => actor.send({ type: 'action.reason', reason: event.target.value })}
              />
            </div>
          )}
          <p>
            <Trans>确定要执行“{name}”吗？此操作会记入审计日志。</Trans>
          </p>
          <div className={ui.row}>
            <button type="submit" className={ui.button({ tone: 'danger' })} disabled={!view.canConfirm}>
              <Trans>确认</Trans>
            </button>
            <button type="button" className={ui.button()} onClick={() => actor.send({ type: 'action.cancel' })}>
              <Trans>取消</Trans>
            </button>
          </div>
        </form>
      )}
      {view.state === 'pending' && (
        <p role="status" aria-live="polite">
          <Trans>处理中…</Trans>
        </p>
      )}
      {view.state === 'done' && (
        <div>
          <p role="status" className={ui.notice({ tone: 'ok' })}>
            <Trans>已完成</Trans>
          </p>
          <button type="button" className={ui.button()} onClick={() => actor.send({ type: 'action.dismiss' })}>
            <Trans>关闭</Trans>
          </button>
        </div>
      )}
      {view.state === 'failed' && (
        <div>
          <p role="alert" className={ui.notice({ tone: 'error' })}>
            {view.message ? t`操作失败：${view.message}` : t`操作失败，请稍后再试`}
          </p>
          <div className={ui.row}>
            <button
              type="button"
              className={ui.button({ tone: 'primary' })}
              onClick={() => actor.send({ type: 'action.confirm' })}
            >
              <Trans>重试</Trans>
            </button>
            <button type="button" className={ui.button()} onClick={() => actor.send({ type: 'action.dismiss' })}>
              <Trans>关闭</Trans>
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
