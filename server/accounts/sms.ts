/**
 * Sending an SMS code (docs/product.md#calls): a captcha ticket, the limits per phone and per IP, then a code for
 * the purpose. A login or reset code for a phone without an account answers as if sent and sends nothing; a
 * failed send takes the code and the counted send back. The codes themselves are in codes.ts.
 */

import { brands } from '../../shared/brand';
import type { SendSmsCodeInput } from '../../shared/contract/accounts';
import type { RequestFacts } from '../api/http';
import { LIMITS, limit } from '../limits/rules';
import { log } from '../ops/log';
import { countSms } from '../ops/metrics';
import { SmsSendError, smsText } from '../providers/sms/index';
import { recordRemoteTicket, redeemTicket } from './captcha';
import { CODE_TTL_SECONDS, issueCode } from './codes';
import { type AccountsContext, commitThenThrow, phoneKey } from './context';
import * as errors from './errors';
import { COUNTRIES, maskPhone } from './phone';
import { findUserByPhone } from './users';

export const SMS_RESEND_SECONDS = LIMITS.smsPerPhone.rules[0].windowSeconds;

export async function sendCode(ctx: AccountsContext, req: RequestFacts, input: SendSmsCodeInput) {
  const key = phoneKey(req, input.countryCode, input.phone);
  const now = ctx.now();
  const checks = [limit.smsPerPhone(key.countryCode, key.phone), limit.smsPerIp(req.ip)];
  const { captcha, limiter } = ctx;
  // A phone or address this process just found at its limit is refused without the database (limits/rate-limiter.ts).
  const known = limiter.knownWait(checks, now);
  if (known) throw errors.tooMany(known);

  if (captcha.kind !== 'builtin') {
    // Ask the provider only for a request the limits allow, so a 429 does not waste the user's check.
    const wait = await limiter.check(ctx.db, checks, now, { lock: false });
    if (wait) throw errors.tooMany(wait);
    if (!(await captcha.verify(input.ticket, req.ip, input.randstr))) throw errors.needCaptcha();
  }

  const outcome = await commitThenThrow(ctx.db, async (tx) => {
    const wait = await limiter.check(tx, checks, now);
    if (wait) throw errors.tooMany(wait);
    const genuine =
      captcha.kind !== 'builtin'
        ? await recordRemoteTicket(tx, input.ticket, now)
        : await redeemTicket(tx, input.ticket, now);
    if (!genuine) throw errors.needCaptcha();
    // From here on the request counts, whatever the answer: the ticket is spent and the limits count the send.
    const sent = await limiter.consume(tx, checks, now);
    const user = await findUserByPhone(tx, key);
    if (input.purpose === 'register' && user) return new errors.Refusal(errors.phoneRegistered());
    // No account to log in to or to reset: answer as if sent, send nothing.
    if (input.purpose !== 'register' && !user) return { sent, issued: null };
    const issued = await issueCode(tx, { ...key, purpose: input.purpose }, now);
    return { sent, issued };
  });

  if (outcome.issued) {
    const brandName = brands[req.brandId].name[req.language];
    const message = { brandName, code: outcome.issued.code, language: req.language };
    try {
      await ctx.sms.send({
        brandId: req.brandId,
        tenantId: req.tenantId,
        brandName,
        countryCode: key.countryCode,
        dial: COUNTRIES.get(key.countryCode)?.dial ?? '',
        phone: key.phone,
        purpose: input.purpose,
        code: outcome.issued.code,
        language: req.language,
        text: smsText(message, CODE_TTL_SECONDS / 60),
      });
      countSms('sent', ctx.sms.kind);
    } catch (error) {
      countSms('failed', ctx.sms.kind);
      // A vendor's refusal gets one line that says what to fix; anything else keeps its stack.
      if (error instanceof SmsSendError)
        log.error(
          `${error.logLine(`+${COUNTRIES.get(key.countryCode)?.dial ?? ''} ${maskPhone(key.phone)}`)}; user told 40013, send refunded`,
        );
      else log.error({ err: error }, '[sms] send failed');
      // Nothing was sent: the code and the counted send are taken back (the captcha ticket stays spent).
      const issuedId = outcome.issued.id;
      await ctx.db.transaction(async (tx) => {
        await tx.query('delete from sms_codes where id = $1', [issuedId]);
        await outcome.sent.takeBack(tx);
      });
      throw errors.smsFailed();
    }
  }
  return { resendIn: SMS_RESEND_SECONDS, expiresIn: CODE_TTL_SECONDS };
}
