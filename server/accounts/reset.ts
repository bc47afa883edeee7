/**
 * Password reset (docs/product.md#calls): the SMS code sets a new password, revokes every session of the account,
 * ends a login lock-out and removes a WeChat bound in the last 24 hours unless the seller keeps it (a binding made
 * by someone who got hold of the account must not outlive the reset).
 */
import type { ResetPasswordInput } from '../../shared/contract/accounts';
import type { RequestFacts } from '../api/http';
import type { Queryable } from '../db/database';
import { consumeCode } from './codes';
import { type AccountsContext, commitThenThrow, phoneKey, requireGoodPassword } from './context';
import * as errors from './errors';
import { clearLoginFailures } from './login';
import { hashPassword } from './passwords';
import { revokeAllSessions } from './sessions';
import { findUserByPhone, updatePassword } from './users';

/** A binding this recent is removed by a reset unless the seller keeps it. */
export const RECENT_BINDING_HOURS = 24;

/** Removes the account's WeChat binding if it was made in the last 24 hours; answers whether it did. */
export async function unbindRecent(tx: Queryable, userId: number, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - RECENT_BINDING_HOURS * 3600_000);
  const removed = await tx.query(
    'update wx_identities set user_id = null, bound_at = null where user_id = $1 and bound_at > $2 returning open_id',
    [userId, since],
  );
  return removed.length > 0;
}

/** A login lock-out does not stop this: it checks the code only, and clears the lock-out when it succeeds. */
export async function resetPassword(ctx: AccountsContext, req: RequestFacts, input: ResetPasswordInput): Promise<void> {
  const key = phoneKey(req, input.countryCode, input.phone);
  requireGoodPassword(input.password);
  const now = ctx.now();
  await commitThenThrow(ctx.db, async (tx) => {
    const user = await findUserByPhone(tx, key);
    // Checked for every phone (an unregistered one simply has no code), so both answer alike.
    const check = await consumeCode(tx, { ...key, purpose: 'reset' }, input.code, now);
    if (check !== 'ok' || !user) return new errors.Refusal(errors.wrongCode());
    await updatePassword(tx, user.id, await hashPassword(input.password), now);
    await revokeAllSessions(tx, user.id, now);
    await clearLoginFailures(ctx, tx, key, req.ip);
    if (!input.keepWechat) await unbindRecent(tx, user.id, now);
    return null;
  });
}
