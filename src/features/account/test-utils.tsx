/**
 * Renders the account page with fake effects whose answers the test gives: every call is held until the test
 * answers it (`answer` / `fail`), or answers at once when the test gave a default.
 */

import type { AccountRequest } from '#machines/account/account.selectors';
import type { Locale } from '#shared/locale';
import { toast } from '~/components/toast/toast';
import { ToastHost } from '~/components/toast/toast-host';
import type { Account, AccountSession } from '~/lib/api/account';
import { ApiRequestError } from '~/lib/api/errors';
import { renderWithProviders } from '~/test/providers';
import { type AccountEffects, AccountPage } from './account-page';

await import('~/components/toast/toaster');

type CallName = 'loadAccount' | 'submit' | 'cancelClosure' | 'listSessions' | 'exportAccount';

interface Held {
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export function apiError(status: number, code: number, message: string) {
  return new ApiRequestError({ status, code, message });
}

export function createFakeAccountEffects(defaults: Partial<Record<CallName, () => unknown>> = {}) {
  const held: Record<CallName, Held[]> = {
    loadAccount: [],
    submit: [],
    cancelClosure: [],
    listSessions: [],
    exportAccount: [],
  };
  const calls: { name: CallName; input: unknown }[] = [];
  const run = (name: CallName, input?: unknown) => {
    calls.push({ name, input });
    const answer = defaults[name];
    if (answer) {
      try {
        const value = answer();
        return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return new Promise((resolve, reject) => held[name].push({ input, resolve, reject }));
  };
  const effects: AccountEffects = {
    loadAccount: () => run('loadAccount') as Promise<Account>,
    submit: (request: AccountRequest) => run('submit', request),
    cancelClosure: () => run('cancelClosure') as Promise<Account>,
    listSessions: () => run('listSessions') as Promise<AccountSession[]>,
    exportAccount: () => run('exportAccount'),
  };
  return {
    effects,
    calls,
    /** The oldest call of `name` still waiting. */
    pending: (name: CallName) => held[name][0] ?? null,
    answer(name: CallName, value: unknown) {
      const call = held[name].shift();
      if (!call) throw new Error(`no ${name} call is waiting`);
      call.resolve(value);
    },
    fail(name: CallName, error: unknown) {
      const call = held[name].shift();
      if (!call) throw new Error(`no ${name} call is waiting`);
      call.reject(error);
    },
  };
}

export async function renderAccountPage(effects: AccountEffects, locale: Locale = 'zh') {
  toast.clear();
  return renderWithProviders(
    <>
      <AccountPage effects={effects} />
      <ToastHost />
    </>,
    { locale },
  );
}
