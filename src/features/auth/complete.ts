/**
 * What a successful login or registration does (docs/product.md#errors-and-messages): the success toast, the session is
 * stored (`signIn` resolves once the cookie and userInfo are written), then a full page load of the target. The toast
 * is carried to the target too (toast.carry): queued just before the page leaves, it is otherwise gone unread.
 */
import { signIn } from '~/app/session';
import { toast } from '~/components/toast/toast';
import type { UserInfo } from '~/lib/api/accounts';
import { leavePage } from './navigation';

export async function completeSignIn(userInfo: UserInfo, successMessage: string, target: string): Promise<void> {
  toast.carry('success', successMessage, target);
  await signIn(userInfo);
  leavePage.assign(target);
}
