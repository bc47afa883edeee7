/**
 * Password reset (docs/product.md#calls): the SMS code sets a new password, revokes every session of the account and
 * ends a login lock-out.
 */
import type { ResetPasswordInput } from '../../shared/contract/accounts';
import type { RequestFacts } from '../api/http';
import { consumeCode } from './codes';
import { type AccountsContext, commitThenThrow, phoneKey, requireGoodPassword } from './context';
import * as errors from './errors';
import { clearLoginFailures } from './login';
import { hashPassword } from './passwords';
import { revokeAllSessions } from './sessions';
import { findUserByPhone, updatePassword } from './users';

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
    return null;
  });
}
