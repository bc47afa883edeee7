/**
 * Sending an SMS code (docs/product.md#calls): a captcha ticket, the limits per phone and per IP, the SMS budgets
 * of the phone's country and of the site, then a code for the purpose. A send that would deliver nothing (a
 * register code for a phone with an account, a reset code for a phone without one) answers as if sent, sends
 * nothing, and is counted like a delivered one except by the budgets. A login code is sent to a phone without an
 * account too: proving it creates the account (login.ts, the one-step SMS sign-in). Register codes are limited per
 * phone apart from login and reset codes, so a stranger's register sends for a registered phone do not use up what its
 * owner needs to log in or reset. A failed send takes the code and the counted send back.
 * The codes themselves are in codes.ts.
 */

import { brands } from '../../shared/brand';
import type { SendSmsCodeInput } from '../../shared/contract/accounts';
import type { RequestFacts } from '../api/http';
import { providers, readSmsBudget } from '../config/providers';
import type { Queryable } from '../db/database';
import { LIMITS, type LimitCheck, limit } from '../limits/rules';
import { log } from '../ops/log';
import { countSms, countSmsBudgetEvent, countSmsBudgetSend } from '../ops/metrics';
import { SmsSendError, smsText } from '../providers/sms/index';
import { recordRemoteTicket, redeemTicket } from './captcha';
import { CODE_TTL_SECONDS, issueCode } from './codes';
import { type AccountsContext, commitThenThrow, phoneKey } from './context';
import * as errors from './errors';
import { COUNTRIES, maskPhone } from './phone';
import { countRegisterSms, findUserByPhone } from './users';

export const SMS_RESEND_SECONDS = LIMITS.smsPerPhone.rules[0].windowSeconds;

/** The budgets when the context brings none (a module's tests): the settings' defaults. */
const DEFAULT_BUDGET = readSmsBudget(providers.schema.parse({}));

/** When each country's pause was last logged: one warning per country every 10 minutes, however many sends. */
const pauseLogged = new Map<string, number>();
const PAUSE_LOG_MS = 10 * 60 * 1000;

/**
 * Refuses a send the SMS budgets do not allow: one that is spent (40015 until it has room), or nearly spent
 * (SMS_BUDGET_STEP_UP) on a site with only the built-in slider, which bots solve; with a third-party captcha,
 * whose ticket this send has already passed, a nearly spent budget lets it through and says so in the metrics.
 */
async function checkBudgets(ctx: AccountsContext, tx: Queryable, checks: LimitCheck[], country: string, now: Date) {
  const budget = ctx.smsBudget ?? DEFAULT_BUDGET;
  const usage = await ctx.limiter.usage(tx, checks, now);
  const name = (check: LimitCheck) => (check.limit === 'smsBudgetTotal' ? 'total' : 'country');
  const spent = usage.filter((one) => one.wait > 0);
  if (spent.length) {
    for (const one of spent) countSmsBudgetEvent(country, name(one.check), 'spent');
    throw errors.smsPaused(Math.max(...spent.map((one) => one.wait)));
  }
  const near = usage.filter((one) => one.share * 100 > budget.stepUpPercent);
  if (!near.length) return;
  const event = ctx.captcha.kind === 'builtin' ? 'paused' : 'stepped_up';
  for (const one of near) countSmsBudgetEvent(country, name(one.check), event);
  if (event === 'paused') {
    if (now.getTime() - (pauseLogged.get(country) ?? Number.NEGATIVE_INFINITY) >= PAUSE_LOG_MS) {
      pauseLogged.set(country, now.getTime());
      log.warn(
        `[sms] SMS budget of ${near.map((one) => (name(one.check) === 'total' ? 'the site' : country)).join(' and ')} ` +
          `above ${budget.stepUpPercent}% and no third-party captcha (CAPTCHA_PROVIDER): sends to ${country} paused`,
      );
    }
    // Room comes back within the hour; say so rather than compute when the share drops below the step-up.
    throw errors.smsPaused(3600);
  }
}

export async function sendCode(ctx: AccountsContext, req: RequestFacts, input: SendSmsCodeInput) {
  const key = phoneKey(req, input.countryCode, input.phone);
  const now = ctx.now();
  const budget = ctx.smsBudget ?? DEFAULT_BUDGET;
  const country = COUNTRIES.get(key.countryCode)?.name ?? String(key.countryCode);
  const perPhone =
    input.purpose === 'register' || input.purpose === 'change_phone'
      ? limit.smsRegisterPerPhone(key)
      : limit.smsPerPhone(key.countryCode, key.phone);
  const perIp = limit.smsPerIp(req.ip);
  const checks = [perPhone, perIp];
  const budgets = [
    limit.smsBudgetPerCountry(key.countryCode, budget.perCountry[key.countryCode] ?? budget.total),
    limit.smsBudgetTotal(budget.total),
  ];
  const { captcha, limiter } = ctx;
  // A phone or address this process just found at its limit is refused without the database (limits/rate-limiter.ts).
  const known = limiter.knownWait(checks, now);
  if (known) throw errors.tooMany(known);
  for (const [index, which] of (['country', 'total'] as const).entries()) {
    const spent = limiter.knownWait([budgets[index]], now);
    if (!spent) continue;
    countSmsBudgetEvent(country, which, 'spent');
    throw errors.smsPaused(spent);
  }

  if (captcha.kind !== 'builtin') {
    // Ask the provider only for a request the limits allow, so a 429 does not waste the user's check.
    const wait = await limiter.check(ctx.db, checks, now, { lock: false });
    if (wait) throw errors.tooMany(wait);
    if (!(await captcha.verify(input.ticket, req.ip, input.randstr))) throw errors.needCaptcha();
  }

  const outcome = await commitThenThrow(ctx.db, async (tx) => {
    const wait = await limiter.check(tx, checks, now);
    if (wait) throw errors.tooMany(wait);
    // Every send meets the budgets, whatever it delivers, so the answer says nothing about the phone.
    await checkBudgets(ctx, tx, budgets, country, now);
    const genuine =
      captcha.kind !== 'builtin'
        ? await recordRemoteTicket(tx, input.ticket, now)
        : await redeemTicket(tx, input.ticket, now);
    if (!genuine) throw errors.needCaptcha();
    // From here on the request counts, whatever the answer: the ticket is spent and the address counts the send.
    const user = await findUserByPhone(tx, key);
    // A register code for a phone with an account, a reset code for a phone without one: answer as if sent and
    // send nothing. It counts against the address and the phone's limit for its purpose, as a delivered one would
    // (the next answer must not tell them apart), but not against the SMS budgets; a register send never counts
    // against the login and reset codes. A login code goes to every phone: for a phone without an account,
    // proving it creates the account (the one-step SMS sign-in, login.ts). A change_phone code goes to the new
    // number whether or not it has an account (only someone who gets the code learns that it is taken, as with
    // register).
    if (
      input.purpose !== 'login' &&
      input.purpose !== 'change_phone' &&
      (input.purpose === 'register') === Boolean(user)
    ) {
      const sent = await limiter.consume(tx, checks, now);
      return { sent, issued: null };
    }
    const sent = await limiter.consume(tx, [...checks, ...budgets], now);
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
      countSmsBudgetSend(country);
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
    // The console's sign-ups funnel counts the register codes actually sent (sms_codes rows are swept).
    if (input.purpose === 'register') await countRegisterSms(ctx.db, req.tenantId, now);
  }
  return { resendIn: SMS_RESEND_SECONDS, expiresIn: CODE_TTL_SECONDS };
}
