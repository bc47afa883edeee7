/**
 * The events the session's path tests (machine and user centre) and `npm run paths` use: a login with a
 * token and one without, a token alone and an empty one, the logout answers (success, failure with and without a
 * message, no answer), the plug-in's event, a forced logout, and another tab logging in and out. One token and
 * one userInfo throughout, so the generated graph stays small (the unit tests cover other values).
 */
export const pathUserInfo = { userId: 7, userName: '小王的店', Authorization: 'token-abc' };

export const sessionPathEvents = [
  { type: 'session.login', userInfo: pathUserInfo },
  { type: 'session.login', userInfo: { userName: '无令牌', Authorization: '' } },
  { type: 'session.token', token: pathUserInfo.Authorization },
  { type: 'session.token', token: '' },
  { type: 'user.logout' },
  { type: 'plugin.logout' },
  { type: 'session.unauthorized' },
  { type: 'storage.changed', token: pathUserInfo.Authorization, userInfo: pathUserInfo },
  { type: 'storage.changed', token: null, userInfo: null },
  { type: 'xstate.done.actor.logoutRequest', output: { code: 200, message: '退出成功' } },
  { type: 'xstate.done.actor.logoutRequest', output: { code: 500, message: '服务繁忙' } },
  { type: 'xstate.done.actor.logoutRequest', output: { code: 500, message: null } },
  { type: 'xstate.error.actor.logoutRequest', error: { message: 'Network Error' } },
] as const;
