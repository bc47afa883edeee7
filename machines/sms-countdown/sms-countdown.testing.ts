/** The events the path tests (machine and SMS button) and `npm run paths` use: 2 s waits keep the graph small. */
export const smsPathTarget = { phone: '13800138000', countryCode: 1 };

export const smsCountdownPathEvents = [
  { type: 'user.request', ...smsPathTarget },
  { type: 'captcha.passed', ticket: 'ticket-1' },
  { type: 'captcha.cancel' },
  { type: 'xstate.done.actor.sendCode', output: { resendIn: 2 } },
  { type: 'xstate.error.actor.sendCode', error: { kind: 'rateLimited', retryAfter: 2 } },
  { type: 'xstate.error.actor.sendCode', error: { kind: 'failed', code: 40005 } },
] as const;
