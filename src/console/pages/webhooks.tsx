/**
 * Outgoing webhooks (owner only): the endpoints, adding one with its URL and events (its secret is shown once,
 * with a copy button), deleting one, and each endpoint's deliveries with their state, status and answer, which
 * can be sent again.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { ActionRequest } from '#machines/console/action.selectors';
import { ActionPanel, useConsoleAction } from '../components/action-panel';
import { ColumnHeads } from '../components/column-heads';
import { CopyButton } from '../components/copy-button';
import { Empty, ErrorState, Loading, PageHeading } from '../components/states';
import { type ConsoleApiError, consoleApi, type Data } from '../lib/api';
import { WEBHOOK_EVENT_LIST } from '../lib/contract-values';
import { formatTime } from '../lib/format';
import { useLoad } from '../lib/use-load';
import * as ui from '../styles/ui.css';

type Webhook = Data<'webhooks'>['items'][number];

export function performWebhookAction(request: ActionRequest): Promise<unknown> {
  if (request.kind === 'deleteWebhook') return consoleApi.deleteWebhook(request.targetId);
  if (request.kind === 'resend') return consoleApi.resend(request.targetId, request.itemId ?? '');
  return Promise.reject(new Error(request.kind));
}

export function WebhooksPage() {
  const { t } = useLingui();
  const { state, reload } = useLoad(() => consoleApi.webhooks(), []);
  const [created, setCreated] = useState<Data<'createWebhook'> | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [deliveriesVersion, setDeliveriesVersion] = useState(0);
  const action = useConsoleAction(performWebhookAction, (request) => {
    if (request.kind === 'deleteWebhook') {
      if (open === request.targetId) setOpen(null);
      reload();
    } else setDeliveriesVersion((v) => v + 1);
  });
  const items = state.status === 'ok' ? state.data.items : [];

  return (
    <>
      <PageHeading>
        <Trans>Webhook</Trans>
      </PageHeading>
      <AddWebhook
        onCreated={(webhook) => {
          setCreated(webhook);
          reload();
        }}
      />
      {created && <SecretOnce webhook={created} onDone={() => setCreated(null)} />}
      <ActionPanel actor={action} />
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && <ErrorState message={state.error.message} onRetry={reload} />}
      {state.status === 'ok' && items.length === 0 && (
        <Empty>
          <Trans>还没有接收地址</Trans>
        </Empty>
      )}
      {items.map((webhook) => (
        <section key={webhook.id} className={ui.card} aria-label={webhook.url}>
          <h2 className={ui.subheading}>
            <code>{webhook.url}</code>
          </h2>
          <p>
            {webhook.events.join(', ')}
            {webhook.description ? ` · ${webhook.description}` : ''}
          </p>
          <div className={ui.row}>
            <button
              type="button"
              className={ui.button()}
              aria-expanded={open === webhook.id}
              onClick={() => setOpen(open === webhook.id ? null : webhook.id)}
            >
              {open === webhook.id ? t`收起投递记录` : t`投递记录`}
            </button>
            <button
              type="button"
              className={ui.button({ tone: 'danger' })}
              onClick={() =>
                action.send({ type: 'action.request', request: { kind: 'deleteWebhook', targetId: webhook.id } })
              }
            >
              <Trans>删除</Trans>
            </button>
          </div>
          {open === webhook.id && (
            <Deliveries
              key={deliveriesVersion}
              webhook={webhook}
              onResend={(deliveryId) =>
                action.send({
                  type: 'action.request',
                  request: { kind: 'resend', targetId: webhook.id, itemId: deliveryId },
                })
              }
            />
          )}
        </section>
      ))}
    </>
  );
}

function AddWebhook({ onCreated }: { onCreated: (webhook: Data<'createWebhook'>) => void }) {
  const { t } = useLingui();
  const ids = { url: useId(), description: useId(), events: useId() };
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([...WEBHOOK_EVENT_LIST]);
  const [status, setStatus] = useState<{ kind: 'idle' | 'busy' } | { kind: 'error'; message: string }>({
    kind: 'idle',
  });
  return (
    <form
      className={ui.card}
      aria-labelledby="add-webhook-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (events.length === 0) return setStatus({ kind: 'error', message: t`至少选择一个事件` });
        setStatus({ kind: 'busy' });
        consoleApi
          .createWebhook({
            url: url.trim(),
            events,
            ...(description.trim() ? { description: description.trim() } : {}),
          })
          .then(
            (webhook) => {
              setStatus({ kind: 'idle' });
              setUrl('');
              setDescription('');
              onCreated(webhook);
            },
            (error: ConsoleApiError) => setStatus({ kind: 'error', message: error.message || t`添加失败` }),
          );
      }}
    >
      <h2 id="add-webhook-title" className={ui.subheading}>
        <Trans>添加接收地址</Trans>
      </h2>
      {status.kind === 'error' && (
        <p role="alert" className={ui.notice({ tone: 'error' })}>
          {status.message}
        </p>
      )}
      <div className={ui.row}>
        <div className={ui.field}>
          <label className={ui.label} htmlFor={ids.url}>
            URL
          </label>
          <input
            id={ids.url}
            className={ui.input}
            type="url"
            required
            maxLength={2000}
            placeholder="https://crm.example.com/hooks"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor={ids.description}>
            <Trans>说明</Trans>
          </label>
          <input
            id={ids.description}
            className={ui.input}
            maxLength={200}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <fieldset aria-describedby={ids.events}>
          <legend className={ui.label} id={ids.events}>
            <Trans>事件</Trans>
          </legend>
          {WEBHOOK_EVENT_LIST.map((name) => (
            <label key={name}>
              <input
                type="checkbox"
                checked={events.includes(name)}
                onChange={(e) =>
                  setEvents(e.target.checked ? [...events, name] : events.filter((other) => other !== name))
                }
              />{' '}
              <code>{name}</code>{' '}
            </label>
          ))}
        </fieldset>
        <button type="submit" className={ui.button({ tone: 'primary' })} disabled={status.kind === 'busy'}>
          <Trans>添加</Trans>
        </button>
      </div>
    </form>
  );
}

function SecretOnce({ webhook, onDone }: { webhook: Data<'createWebhook'>; onDone: () => void }) {
  return (
    <section className={ui.confirmPanel} role="alert" aria-labelledby="secret-title">
      <h2 id="secret-title" className={ui.subheading}>
        <Trans>签名密钥（只显示这一次）</Trans>
      </h2>
      <p>
        <Trans>请把密钥保存到接收方，用它校验 webhook-signature。关闭后无法再次查看。</Trans>
      </p>
      <pre className={ui.code} data-testid="webhook-secret">
        {webhook.secret}
      </pre>
      <div className={ui.row}>
        <CopyButton text={webhook.secret} primary>
          <Trans>复制密钥</Trans>
        </CopyButton>
        <button type="button" className={ui.button()} onClick={onDone}>
          <Trans>我已保存，关闭</Trans>
        </button>
      </div>
    </section>
  );
}

function Deliveries({ webhook, onResend }: { webhook: Webhook; onResend: (deliveryId: string) => void }) {
  const { t, i18n } = useLingui();
  const { state, reload } = useLoad(() => consoleApi.deliveries(webhook.id), [webhook.id]);
  const stateNames = { pending: t`等待投递`, delivered: t`已送达`, failed: t`失败` };
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <ErrorState message={state.error.message} onRetry={reload} />;
  if (state.data.items.length === 0)
    return (
      <Empty>
        <Trans>还没有投递</Trans>
      </Empty>
    );
  return (
    <table className={ui.table}>
      <caption className={ui.label}>
        <Trans>投递记录（最新在前）</Trans>
      </caption>
      <ColumnHeads>
        <Trans>事件</Trans>
        <Trans>时间</Trans>
        <Trans>状态</Trans>
        <Trans>尝试次数</Trans>
        <Trans>HTTP 状态</Trans>
        <Trans>响应</Trans>
        <Trans>操作</Trans>
      </ColumnHeads>
      <tbody>
        {state.data.items.map((delivery) => (
          <tr key={delivery.id}>
            <td className={ui.cell}>
              <code>{delivery.event}</code>
              <br />
              <small>{delivery.id}</small>
            </td>
            <td className={ui.cell}>{formatTime(delivery.lastAttemptAt ?? delivery.createdAt, i18n.locale)}</td>
            <td className={ui.cell}>{stateNames[delivery.state]}</td>
            <td className={ui.numberCell}>{delivery.attempts}</td>
            <td className={ui.cell}>{delivery.lastStatus ?? t`无响应`}</td>
            <td className={ui.cell}>
              <pre className={ui.code}>{delivery.lastResponse ?? '—'}</pre>
            </td>
            <td className={ui.cell}>
              <button type="button" className={ui.button()} onClick={() => onResend(delivery.id)}>
                <Trans>重新投递</Trans>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
