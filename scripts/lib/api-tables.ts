/**
 * docs/api.md's tables that the code already holds: the limits (server/limits/rules.ts), the countries
 * (shared/countries.ts) and the business codes (shared/contract/codes.ts, with the status and words of the errors
 * the server builds). `npm run docs:api` writes them between the page's `<!-- generated: … -->` markers;
 * scripts/docs.test.ts fails when the committed page differs.
 */

import * as account from '../../server/accounts/account-errors';
import { CODE_TTL_SECONDS } from '../../server/accounts/codes';
import * as accounts from '../../server/accounts/errors';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../server/accounts/passwords';
import { translate } from '../../server/api/catalog';
import { ApiError } from '../../server/api/http';
import { tooLarge } from '../../server/http/body-limit';
import {
  backoffSeconds,
  CODE_MAX_ATTEMPTS,
  KEYS,
  LIMITS,
  LOGIN_BACKOFF,
  MAX_BIND_FAILURES,
  type Rule,
} from '../../server/limits/rules';
import * as scan from '../../server/scan-login/errors';
import { CODES } from '../../shared/contract/codes';
import { COUNTRY_TABLE } from '../../shared/countries';

/** "minute", "10 minutes", "hour", "24 hours": a window in the words the page uses. */
function duration(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? 'hour' : `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return seconds === 60 ? 'minute' : `${seconds / 60} minutes`;
  return `${seconds} s`;
}

const rulesText = (rules: readonly Rule[]) =>
  rules.map((rule) => `${rule.limit} per ${duration(rule.windowSeconds)}`).join(', ');

const row = (cells: readonly (string | number)[]) =>
  `| ${cells.map((cell) => String(cell).replaceAll('|', '\\|')).join(' | ')} |`;
const table = (head: readonly string[], rows: readonly (readonly (string | number)[])[]) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

function limitsTable(): string {
  const rates = Object.values(LIMITS).map((rate) => [
    rate.about,
    rulesText(rate.rules),
    KEYS[rate.per],
    'perProcess' in rate ? 'by each process (N processes allow N times as many)' : 'in the database',
  ]);
  const waits = Array.from({ length: 6 }, (_, i) => backoffSeconds(LOGIN_BACKOFF.freeFailures + 1 + i) / 60);
  return table(
    ['what', 'limit', 'key', 'counted'],
    [
      ...rates,
      [
        'login back-off',
        `after ${LOGIN_BACKOFF.freeFailures + 1} consecutive failures: ${waits.join(', ')} … minutes; forgotten after ` +
          `${duration(LOGIN_BACKOFF.forgetAfterSeconds)} without a failure`,
        KEYS.account,
        'in the database',
      ],
      [
        'SMS code tries',
        `${CODE_MAX_ATTEMPTS} wrong tries burn the code; it lives ${duration(CODE_TTL_SECONDS)}; a new code retires the older ones`,
        'tenant + phone + purpose',
        'in the database',
      ],
      [
        'bind tries of a scanned QR code',
        `the ${MAX_BIND_FAILURES}th wrong password or code makes the ticket \`bind_failed\``,
        'the QR code',
        'in the database',
      ],
    ],
  );
}

function countriesTable(): string {
  return table(
    ['`countryCode`', 'country', 'dial', 'national digits', 'leading 0 dropped', 'mobile rule'],
    COUNTRY_TABLE.map((country) => [
      country.value,
      country.name,
      `+${country.dial}`,
      country.minDigits === country.maxDigits ? country.minDigits : `${country.minDigits}–${country.maxDigits}`,
      country.trunkZero ? 'yes' : 'no',
      'pattern' in country ? `\`${country.pattern.source}\`` : '',
    ]),
  );
}

/** A row's answer: an error the server builds (its status and words), or what a call answers in its own way. */
type Answer = ApiError | { status: number; message: string };
type CodeRow = { answer: Answer; when: string };

/**
 * Every business code, with when the server answers it. A code added to CODES does not compile until it is
 * described here.
 */
const CODE_ROWS: Record<keyof typeof CODES, readonly CodeRow[]> = {
  ok: [{ answer: { status: 200, message: 'per call (below)' }, when: 'success' }],
  badRequest: [
    {
      answer: { status: 400, message: 'names the field, e.g. 缺少手机号 / phone number is required; `data.field`' },
      when: 'missing, extra, wrong-typed or out-of-range field; not JSON',
    },
    { answer: accounts.passwordLength(PASSWORD_MIN, PASSWORD_MAX), when: 'password length; `data.field = "password"`' },
    {
      answer: {
        status: 400,
        message:
          '手机号包含不允许的控制字符 / phone number contains a control character that is not allowed; `data.field`',
      },
      when:
        'a string anywhere in the body or query (or an object key) holds NUL or another control character ' +
        '(U+0000–U+001F except tab, LF, CR; U+007F), checked before the schema',
    },
    {
      answer: tooLarge(),
      when:
        'body over the limit, declared or (chunked, no Content-Length) counted while reading: reading stops there ' +
        'and the answer closes the connection (`server/http/body-limit.ts`, every body on every path; the webhook and ' +
        'phone pages answer 413 in plain text)',
    },
    {
      answer: {
        status: 415,
        message: '请求格式不正确：需要 application/json / Unsupported content type: send application/json',
      },
      when: 'not `application/json`',
    },
  ],
  needLogin: [
    { answer: accounts.needLogin(), when: 'no `X-Auth-Token`, or not a well-formed token (43 base64url characters)' },
  ],
  sessionExpired: [
    {
      answer: accounts.sessionExpired(),
      when: 'a well-formed token that is unknown, expired, revoked or of the other brand',
    },
  ],
  wrongCredentials: [
    { answer: accounts.wrongCredentials(), when: 'password login failed (wrong password OR unregistered phone)' },
  ],
  wrongCode: [
    {
      answer: accounts.wrongCode(),
      when: 'code wrong, expired, used, burnt, superseded, or no code (unregistered phone)',
    },
  ],
  needCaptcha: [{ answer: accounts.needCaptcha(), when: 'captcha ticket missing, unknown, used or expired' }],
  phoneRegistered: [{ answer: accounts.phoneRegistered(), when: 'register for a registered phone' }],
  captchaFailed: [
    { answer: accounts.captchaFailed(), when: 'slider dropped at the wrong place (the puzzle is used up)' },
  ],
  captchaExpired: [{ answer: accounts.captchaExpired(), when: 'unknown, expired or already answered puzzle' }],
  phoneInvalid: [{ answer: accounts.phoneInvalid(), when: 'phone does not fit its country; `data.field = "phone"`' }],
  passwordCommon: [
    {
      answer: accounts.passwordCommon(),
      when: 'password among the 10,000 most common; `data.field = "password"`',
    },
  ],
  smsFailed: [{ answer: accounts.smsFailed(), when: 'the SMS provider did not take the message' }],
  accountBanned: [
    {
      answer: accounts.accountBanned(),
      when:
        'login (password or code) of a banned account, answered only after the credentials check; a scan-login ' +
        'action on a banned account or WeChat',
    },
  ],
  smsPaused: [
    {
      answer: accounts.smsPaused(3600),
      when:
        "sendSmsCode: the SMS budget of the phone's country or of the whole site is spent, or nearly spent " +
        '(`SMS_BUDGET_STEP_UP`) while the site uses the built-in slider; `Retry-After` and `data.retryAfter`',
    },
  ],
  unknownTicket: [
    { answer: scan.unknownTicket(), when: 'scan login: unknown ticket (or a ticket of the other brand)' },
  ],
  wrongState: [
    {
      answer: scan.wrongState(),
      when: 'scan login: the ticket is not in the state the action needs (e.g. bind on a code nobody scanned)',
    },
  ],
  bindFailed: [
    {
      answer: scan.bindFailed('tooManyFailures'),
      when:
        `scan login: the account already has a WeChat, the WeChat got bound meanwhile, or the ${MAX_BIND_FAILURES}th failed attempt; ` +
        'final; `data.reason`: `accountBound`, `identityBound` or `tooManyFailures`',
    },
  ],
  ticketExpired: [{ answer: scan.ticketExpired(), when: 'scan login: the code expired or was already used' }],
  qrFailed: [{ answer: scan.qrFailed(), when: 'scan login: the messaging platform did not create the code' }],
  accountClosing: [
    {
      answer: account.accountClosing(),
      when:
        'a sign-in (password, code, scan) of a closing account: `data` is a session restricted to GET /v2/account ' +
        'and POST /v2/account/close/cancel, with `closure` {requestedAt, erasesAt} (docs/api.md#closure)',
    },
  ],
  phoneTaken: [{ answer: account.phoneTaken(), when: 'phone change: the new number belongs to another account' }],
  sessionNotFound: [
    { answer: account.sessionNotFound(), when: 'sessions/revoke: no live session of this account has that id' },
  ],
  wechatNotBound: [{ answer: account.wechatNotBound(), when: 'wechat/unbind: no WeChat is bound' }],
  wechatAlreadyBound: [{ answer: account.wechatAlreadyBound(), when: 'wechat/bind-code: a WeChat is already bound' }],
  notClosing: [{ answer: account.notClosing(), when: 'close/cancel: the account is not closing' }],
  articleNotFound: [
    {
      answer: { status: 404, message: '文章不存在或已下线 / No such article' },
      when: 'business college: no published article with that id (in that language, for the detail)',
    },
  ],
  tooMany: [
    {
      answer: accounts.tooMany(56),
      when: 'a limit; `Retry-After: <seconds>` and `data.retryAfter`; the wait is said in seconds, minutes (rounded up) or hours',
    },
    { answer: accounts.tooMany(60, 'login'), when: 'a login limit (same headers and data)' },
  ],
  unavailable: [{ answer: scan.unavailable(), when: 'scan login: no messaging provider is configured' }],
};

/** The words of an answer, Chinese then English. */
const words = (answer: Answer) =>
  answer instanceof ApiError ? `${translate(answer.text, 'zh')} / ${translate(answer.text, 'en')}` : answer.message;

function codesTable(): string {
  const rows = (Object.keys(CODE_ROWS) as (keyof typeof CODES)[]).flatMap((name) =>
    CODE_ROWS[name].map(({ answer, when }) => {
      if (answer instanceof ApiError && answer.code !== CODES[name]) throw new Error(`${name} answers ${answer.code}`);
      return [answer.status, CODES[name], words(answer), when];
    }),
  );
  // An unknown call is not one of the contract's: its code is the HTTP status, as for 401 and 429.
  rows.push([404, 404, '接口不存在 / No such API endpoint', UNKNOWN_CALL]);
  return table(['HTTP', 'code', 'message (zh / en)', 'when'], rows);
}

const UNKNOWN_CALL =
  'unknown call; the dev outbox in production; the puzzle calls when the remote captcha is configured';

const TABLES = { limits: limitsTable, countries: countriesTable, codes: codesTable };

/** `page` with every generated table rewritten from the code; throws when a marker is missing. */
export function withApiTables(page: string): string {
  let result = page;
  for (const [name, make] of Object.entries(TABLES)) {
    const start = `<!-- generated: ${name} (npm run docs:api) -->\n`;
    const end = `\n<!-- end generated: ${name} -->`;
    const from = result.indexOf(start);
    const to = result.indexOf(end, from);
    if (from < 0 || to < 0) throw new Error(`docs/api.md has no generated ${name} table`);
    result = result.slice(0, from + start.length) + make() + result.slice(to);
  }
  return result;
}
