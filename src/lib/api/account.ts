/**
 * The account calls of the API (the seller's own account; the contract is shared/contract/account.ts, described in
 * docs/api.md#the-sellers-own-account-need-x-auth-token). Each resolves with the envelope's `data` or rejects with
 * an `ApiRequestError` (./client); types only from the contract.
 */
import type * as Contract from '#shared/contract/account';
import { call } from './call';

export type {
  Account,
  AccountSession,
  ChangePasswordInput,
  ChangePhoneInput,
  ClosureState,
  ProofInput,
} from '#shared/contract/account';

type Ops = typeof Contract.accountOperations;

export const getAccount = () => call<Ops['account']>('GET', '/v2/account');

export const saveProfile = (input: Contract.ProfileInput) =>
  call<Ops['profile']>('POST', '/v2/account/profile', { data: input });

export const changePassword = (input: Contract.ChangePasswordInput) =>
  call<Ops['password']>('POST', '/v2/account/password', { data: input });

export const changePhone = (input: Contract.ChangePhoneInput) =>
  call<Ops['phone']>('POST', '/v2/account/phone', { data: input });

export const listSessions = () => call<Ops['sessions']>('GET', '/v2/account/sessions');

export const revokeSession = (input: Contract.RevokeSessionInput) =>
  call<Ops['revokeSession']>('POST', '/v2/account/sessions/revoke', { data: input });

export const wechatBindCode = () => call<Ops['wechatBindCode']>('POST', '/v2/account/wechat/bind-code', { data: {} });

export const unbindWechat = (input: Contract.ProofInput) =>
  call<Ops['wechatUnbind']>('POST', '/v2/account/wechat/unbind', { data: input });

export const exportAccount = () => call<Ops['export']>('GET', '/v2/account/export');

export const closeAccount = (input: Contract.ProofInput) =>
  call<Ops['close']>('POST', '/v2/account/close', { data: input });

export const cancelClosure = () => call<Ops['cancelClosure']>('POST', '/v2/account/close/cancel', { data: {} });
