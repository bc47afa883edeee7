import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { describePath, machinePaths } from '../testing/paths';
import { accountMachine } from './account.machine';
import { ACCOUNT_STATES, type AccountRequest, selectAccountView } from './account.selectors';
import {
  accountPathEvents,
  sampleAccount,
  sampleAccountErrors,
  sampleBoundAccount,
  sampleClosingAccount,
  sampleClosure,
  sampleRequests,
} from './account.testing';

const paths = machinePaths(accountMachine, { events: accountPathEvents });

/** An actor whose calls answer from the queues given (a value resolves, an Error-like object with a code rejects). */
function start(answers: { load?: unknown[]; submit?: unknown[]; cancel?: unknown[] }) {
  const take = (queue: unknown[] | undefined) => {
    const next = queue?.shift();
    return next && typeof next === 'object' && 'code' in next ? Promise.reject(next) : Promise.resolve(next);
  };
  const applied: AccountRequest[] = [];
  let closed = 0;
  const actor = createActor(
    accountMachine.provide({
      actors: {
        loadAccount: fromPromise(() => take(answers.load) as Promise<typeof sampleAccount>),
        submit: fromPromise(() => take(answers.submit)),
        cancelClosure: fromPromise(() => take(answers.cancel) as Promise<typeof sampleAccount>),
      },
      actions: {
        applied: (_, params) => applied.push(params.request),
        closedNow: () => {
          closed += 1;
        },
      },
    }),
  ).start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, applied, closedCount: () => closed, settle };
}

describe('account machine', () => {
  it('generated paths reach every state', () => {
    const reached = new Set(paths.map((path) => path.state.value as string));
    expect([...reached].sort()).toEqual([...ACCOUNT_STATES].sort());
    expect(paths.every((path) => describePath(path, accountMachine).length > 0)).toBe(true);
  });

  it('a change answers with the account, which the page shows, and its section hears that it is done', async () => {
    const renamed = { ...sampleAccount, nickname: '老王的店' };
    const t = start({ load: [sampleAccount], submit: [renamed] });
    await t.settle();
    expect(t.actor.getSnapshot().value).toBe('ready');
    t.actor.send({ type: 'section.submit', request: sampleRequests.profile });
    expect(selectAccountView(t.actor.getSnapshot()).pending).toBe('profile');
    await t.settle();
    const view = selectAccountView(t.actor.getSnapshot());
    expect(view.account?.nickname).toBe('老王的店');
    expect(view.outcome).toEqual({ kind: 'profile', ok: true });
    expect(t.applied).toEqual([sampleRequests.profile]);
  });

  it('a WeChat bound by scanning: the account loaded again replaces it, once (a bound account offers no bind code)', async () => {
    const t = start({ load: [sampleAccount] });
    await t.settle();
    t.actor.send({ type: 'account.changed', account: sampleBoundAccount });
    expect(selectAccountView(t.actor.getSnapshot()).account?.wechat).toEqual(sampleBoundAccount.wechat);
    expect(t.actor.getSnapshot().can({ type: 'account.changed', account: sampleAccount })).toBe(false);
  });

  it("a refused change keeps the account and carries the server's code and message", async () => {
    const t = start({ load: [sampleAccount], submit: [sampleAccountErrors.wrongPassword] });
    await t.settle();
    t.actor.send({ type: 'section.submit', request: sampleRequests.close });
    await t.settle();
    const view = selectAccountView(t.actor.getSnapshot());
    expect(view.state).toBe('ready');
    expect(view.outcome).toMatchObject({ kind: 'close', ok: false, failure: { code: 40003, message: '密码错误' } });
    expect(t.closedCount()).toBe(0);
  });

  it('a closure ends the page and signs out; a closing account offers only the cancel', async () => {
    const t = start({ load: [sampleAccount], submit: [sampleClosure] });
    await t.settle();
    t.actor.send({ type: 'section.submit', request: sampleRequests.close });
    await t.settle();
    expect(t.actor.getSnapshot().value).toBe('closed');
    expect(t.actor.getSnapshot().context.closure).toEqual(sampleClosure);
    expect(t.closedCount()).toBe(1);

    const c = start({ load: [sampleClosingAccount], cancel: [sampleAccountErrors.notClosing, sampleAccount] });
    await c.settle();
    expect(c.actor.getSnapshot().value).toBe('closing');
    expect(c.actor.getSnapshot().can({ type: 'section.submit', request: sampleRequests.profile })).toBe(false);
    c.actor.send({ type: 'closure.cancel' });
    await c.settle();
    expect(c.actor.getSnapshot().value).toBe('closing');
    expect(c.actor.getSnapshot().context.failure?.code).toBe(40036);
    c.actor.send({ type: 'closure.cancel' });
    await c.settle();
    expect(c.actor.getSnapshot().value).toBe('ready');
    expect(c.actor.getSnapshot().context.closure).toBeNull();
  });
});
