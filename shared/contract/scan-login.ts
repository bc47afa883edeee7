/**
 * The scan-login calls: create a login QR code, poll its status, and complete, bind or register with
 * it. The request schemas validate on the server (strict: an unknown field is a 400); with the response schemas
 * they describe the calls in /api/openapi.json and give the browser and the scan-login machine their types.
 */
import { z } from 'zod';
import { loginBody, type RegisterInput, registerBody, userInfoData } from './accounts';
import { ERROR_NOTES, operation } from './operation';

/** A browser's ticket: 32 random bytes in base64url. */
export const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const ticket = z
  .string()
  .regex(TICKET_PATTERN)
  .describe('The ticket of /v2/wx/create_login_qrcode (43 characters, base64url)');

export const createBody = z.strictObject({});

export const statusQuery = z.strictObject({ ticket });

const credentials = loginBody.shape;

export const wxLoginBody = z.discriminatedUnion('action', [
  z.strictObject({ ticket, action: z.literal('login').describe('Complete a ticket the phone confirmed (bound)') }),
  z.strictObject({
    ticket,
    action: z
      .literal('bind')
      .describe(
        'Bind the WeChat that scanned (unbound) to an account and log in; only with an SMS code sent to the ' +
          "account's phone (a password alone binds nothing: whoever scanned may not be the account's owner)",
      ),
    phone: credentials.phone,
    countryCode: credentials.countryCode,
    code: credentials.code
      .unwrap()
      .describe('The SMS code of purpose "login" sent to the phone; a wrong one answers 40004 and counts a try'),
  }),
  registerBody.extend({
    ticket,
    action: z.literal('register').describe('Register an account bound to the WeChat that scanned (unbound)'),
    code: registerBody.shape.code.describe('A code of purpose "register"'),
  }),
]);

// ---- responses (the server's answers; documentation and types) ----------------------------------------------

export const qrCodeData = z.object({
  ticket: z.string().describe('The secret to poll with (43 characters); not the scene in the QR code'),
  qrcode: z.string().describe('data:image/png;base64, the QR code of qrUrl (240 px)'),
  qrUrl: z.string().describe('What the QR code encodes'),
  expiresIn: z.number().describe('Seconds the code stays valid (300 by default)'),
  pollInterval: z.number().describe('Seconds between two status polls (2)'),
  simulator: z.boolean().describe('Whether the built-in phone simulator stands in for WeChat'),
});

export const qrStatusData = z.discriminatedUnion('status', [
  z.object({ status: z.enum(['waiting', 'scanned']), expiresIn: z.number() }),
  z.object({
    status: z.literal('bound'),
    userInfo: userInfoData.describe(
      'The session, handed out once; for a closing account it also has `closure` {requestedAt, erasesAt} and is ' +
        'restricted to GET /v2/account and POST /v2/account/close/cancel (docs/api.md#closure)',
    ),
  }),
  z.object({
    status: z.literal('unbound'),
    expiresIn: z.number().describe('Seconds left to bind or register (10 minutes from the scan)'),
    identity: z.object({ nickname: z.string().nullable() }),
  }),
  z.object({ status: z.enum(['expired', 'banned', 'bind_failed']) }),
  z
    .object({ status: z.literal('linked') })
    .describe(
      'A code of POST /v2/account/wechat/bind-code only: the WeChat that scanned is now bound to the account ' +
        '(no session is handed out; GET /v2/account shows the binding)',
    ),
]);

// ---- the calls ------------------------------------------------------------------------------------------------

const tags = ['scan-login'];
const ticketErrors = {
  40020: 'HTTP 404: unknown ticket (or of the other brand)',
  40023: 'HTTP 410: the code has expired or was already used',
  40021: 'HTTP 409: the ticket is not in the state the action needs',
  40014: 'HTTP 403: the account or the WeChat identity is banned (the ticket becomes banned)',
  40022: 'HTTP 409: bind failed for good (account already bound, WeChat bound meanwhile, 5th failed attempt)',
};

export const scanLoginOperations = {
  createQrCode: operation({
    method: 'post',
    path: '/v2/wx/create_login_qrcode',
    summary: 'A new login QR code (single use, 300 s) and the secret ticket to poll it with',
    tags,
    body: createBody,
    data: qrCodeData,
    errors: {
      40000: ERROR_NOTES.validation,
      40024: 'HTTP 502: the messaging platform did not create the code',
      503: 'HTTP 503: no messaging platform is configured',
      429: `${ERROR_NOTES.limit}; 10 a minute and 60 an hour per IP address`,
    },
  }),
  qrStatus: operation({
    method: 'get',
    path: '/v2/wx/get_qr_status',
    summary: 'The status of a login QR code; "bound" carries the session, once',
    tags,
    query: statusQuery,
    data: qrStatusData,
    errors: {
      40000: 'HTTP 400: no ticket, or not a well-formed one',
      40020: ticketErrors[40020],
      429: `${ERROR_NOTES.limit}; 120 polls a minute per IP address`,
    },
  }),
  wxLogin: operation({
    method: 'post',
    path: '/v2/wx/userlogin',
    summary: 'Complete a confirmed scan, or bind / register the WeChat that scanned; answers logged in',
    tags,
    body: wxLoginBody,
    data: userInfoData,
    errors: {
      40000: `${ERROR_NOTES.validation}; bind: no code (a password is not accepted); register: password length`,
      ...ticketErrors,
      40004: 'bind / register: wrong, expired or used code; counts a failed attempt',
      40006: 'register: the phone is already registered',
      40011: 'the phone number does not fit its country',
      40012: 'register: the password is too common',
      40030: ERROR_NOTES.closing,
      429: `${ERROR_NOTES.limit} (the login limits and back-off)`,
    },
  }),
};

// ---- types ----------------------------------------------------------------------------------------------------

/** What `POST /v2/wx/create_login_qrcode` answers. `expiresIn` and `pollInterval` are in seconds. */
export type QrCode = z.output<typeof qrCodeData>;
/** What `GET /v2/wx/get_qr_status` answers. */
export type QrStatus = z.output<typeof qrStatusData>;
/** The bind or register form of `POST /v2/wx/userlogin`, without the ticket. */
export type WxLoginForm =
  | { action: 'bind'; phone: string; countryCode: number; code: string }
  | ({ action: 'register' } & RegisterInput);
/** The body of `POST /v2/wx/userlogin` (wxLoginBody): a bound ticket alone, or with the bind or register form. */
export type WxLoginInput = { ticket: string } & ({ action: 'login' } | WxLoginForm);
