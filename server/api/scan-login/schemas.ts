/**
 * Request and response schemas of the scan-login calls (issue 4). The request schemas validate (strict: an
 * unknown field is a 400) and, with the response schemas, describe the calls in /api/openapi.json.
 */
import { z } from 'zod';
import { TICKET_PATTERN } from '../../scan-login/tickets';
import { loginBody, registerBody, userInfoData } from '../accounts/schemas';
import { nameFields } from '../http';

nameFields({
  action: { zh: '操作', en: 'action' },
});

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
    action: z.literal('bind').describe('Bind the WeChat that scanned (unbound) to an account and log in'),
    phone: credentials.phone,
    countryCode: credentials.countryCode,
    password: credentials.password,
    code: credentials.code.describe('A code of purpose "login"; give either password or code'),
  }),
  registerBody.extend({
    ticket,
    action: z.literal('register').describe('Register an account bound to the WeChat that scanned (unbound)'),
    code: registerBody.shape.code.describe('A code of purpose "register"'),
  }),
]);

export type WxLoginBody = z.infer<typeof wxLoginBody>;

// ---- responses (documentation only) -------------------------------------------------------------------------

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
  z.object({ status: z.literal('bound'), userInfo: userInfoData.describe('The session, handed out once') }),
  z.object({
    status: z.literal('unbound'),
    expiresIn: z.number().describe('Seconds left to bind or register (10 minutes from the scan)'),
    identity: z.object({ nickname: z.string().nullable() }),
  }),
  z.object({ status: z.enum(['expired', 'banned', 'bind_failed']) }),
]);

export { userInfoData };
