/**
 * The API's business codes (docs/api.md): the `code` of the envelope. No zod here, so the browser may import it
 * at run time for the few bytes it costs.
 */
export const CODES = {
  ok: 200,
  badRequest: 40000,
  needLogin: 401,
  sessionExpired: 40002,
  wrongCredentials: 40003,
  wrongCode: 40004,
  needCaptcha: 40005,
  phoneRegistered: 40006,
  captchaFailed: 40008,
  captchaExpired: 40009,
  phoneInvalid: 40011,
  passwordCommon: 40012,
  smsFailed: 40013,
  accountBanned: 40014,
  smsPaused: 40015,
  unknownTicket: 40020,
  wrongState: 40021,
  bindFailed: 40022,
  ticketExpired: 40023,
  qrFailed: 40024,
  accountClosing: 40030,
  phoneTaken: 40031,
  sessionNotFound: 40033,
  wechatNotBound: 40034,
  wechatAlreadyBound: 40035,
  notClosing: 40036,
  articleNotFound: 40400,
  tooMany: 429,
  unavailable: 503,
} as const;

/** Business codes that end the session: no or malformed token, and unknown, expired or revoked token. */
export const UNAUTHORIZED_CODES: readonly number[] = [CODES.needLogin, CODES.sessionExpired];
