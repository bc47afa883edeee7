/** Types of the console's action-confirm machine and what its dialog reads (no text: the page names the actions). */

export const CONSOLE_ACTIONS = [
  'ban',
  'unban',
  'revokeOne',
  'revokeAll',
  'unbindWechat',
  'revealPhone',
  'resend',
  'deleteWebhook',
  'publish',
  'schedule',
  'unpublish',
] as const;
export type ConsoleActionKind = (typeof CONSOLE_ACTIONS)[number];

export interface ActionRequest {
  kind: ConsoleActionKind;
  /** The account, endpoint or article the action is on. */
  targetId: string;
  /** The session or delivery (revokeOne, resend). */
  itemId?: string;
  /** Schedule: the time (ISO, with its offset). */
  at?: string;
  /** Ban: the confirmation needs a reason. */
  needsReason?: boolean;
}

export interface ActionContext {
  request: ActionRequest | null;
  reason: string;
  /** The server's answer of the last action that succeeded. */
  result: unknown;
  /** The server's message of the last action that failed. */
  message: string;
}

export type ActionEvent =
  | { type: 'action.request'; request: ActionRequest }
  | { type: 'action.reason'; reason: string }
  | { type: 'action.confirm' }
  | { type: 'action.cancel' }
  | { type: 'action.dismiss' };

export type ActionState = 'idle' | 'confirming' | 'pending' | 'done' | 'failed';

export interface ActionView {
  state: ActionState;
  request: ActionRequest | null;
  /** The confirm button works (a ban needs its reason). */
  canConfirm: boolean;
  message: string;
}

export function selectActionView(snapshot: { value: unknown; context: ActionContext }): ActionView {
  const state = snapshot.value as ActionState;
  const { request, reason, message } = snapshot.context;
  return {
    state,
    request,
    canConfirm: state === 'confirming' && (!request?.needsReason || reason.trim().length > 0),
    message: state === 'failed' ? message : '',
  };
}
