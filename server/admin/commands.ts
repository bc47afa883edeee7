/**
 * The operator's commands (`npm run admin -- <command>`), run on the server's database, or inside the running
 * server through its control socket (./control.ts); bad input or an unknown account exits 1 with a clear message.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type BrandId, brands } from '../../shared/brand';
import { COUNTRIES, internationalPhone, normalizePhone } from '../accounts/phone';
import { findUserByPhone, type UserRow } from '../accounts/users';
import { readSettings } from '../config/settings';
import { OperatorRefusal } from '../console/operators';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open';
import { PROJECT_ROOT } from '../ops/paths';
import { banAccount, banIdentity, unbanAccount, unbanIdentity } from '../scan-login/bans';
import { identityOfUser, lockIdentity, unbindIdentity } from '../scan-login/tickets';
import { DATA_COMMANDS, DATA_USAGE, isRefusal, runDataCommand } from './data-commands';
import { OPERATOR_USAGE, runOperatorCommand } from './operator-commands';

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  ban --phone <number> [--country <value>] [--brand 1|2] [--reason "<text>"]
      Ban an account: it can no longer log in (password, SMS code or WeChat) and its sessions are revoked.
  unban --phone <number> [--country <value>] [--brand 1|2]
      Lift an account's ban.
  ban-wechat --openid <open id> [--brand 1|2]
      Ban a WeChat identity: scanning with it answers "account banned".
  unban-wechat --openid <open id> [--brand 1|2]
      Lift a WeChat identity's ban.
  unbind-wechat --phone <number> [--country <value>] [--brand 1|2]
  unbind-wechat --openid <open id> [--brand 1|2]
      Remove the WeChat binding of an account (or of a WeChat identity): that WeChat no longer logs in to it.
  show --phone <number> [--country <value>] [--brand 1|2]
  show --openid <open id> [--brand 1|2]
      Show an account (or a WeChat identity): ban, bound WeChat, live sessions.
  check-providers
      Check the configured SMS, captcha and ad-conversion providers without sending anything real: their
      credentials where the vendor has a harmless call, and what could not be checked (docs/deploy.md).
${DATA_USAGE}
${OPERATOR_USAGE}
  help
      This text.

Options:
  --phone     the national number, digits only (as the user types it at login)
  --country   the country value of the login form: 1 China (+86, the default), 9 US, 19 England, ...
  --brand     1 StarReach (the default) or 2 CreatorBox: accounts are per brand
  --reason    why (stored with the ban, shown by "show")
  --force     open the embedded database even though it looks in use (only after the server stopped abruptly)
  --replace   backup: overwrite FILE; restore, copy-to-postgres: replace what the target holds

The command works on the server's database: DATABASE_URL (PostgreSQL), else the embedded database in DATA_DIR
(default data/pglite). The embedded database allows one process at a time, so while the server runs the command
runs inside it (through the socket portal-admin.sock in DATA_DIR); when no server runs, it opens the database.`;

export interface AdminIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  /** What was given on standard input (operator add's password; scripts/admin.ts reads it). */
  stdin?: string;
  /** A database already open (tests); otherwise the command opens the server's one and closes it. */
  db?: Database;
  now?: () => Date;
}

/** Bad input or an unknown account: the message is printed, the exit code is 1. */
class UsageError extends Error {}

const OPTIONS = {
  phone: { type: 'string' },
  country: { type: 'string' },
  brand: { type: 'string' },
  reason: { type: 'string' },
  openid: { type: 'string' },
  name: { type: 'string' },
  role: { type: 'string' },
  force: { type: 'boolean' },
  replace: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;
type Options = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

const ALLOWED: Record<string, (keyof Options)[]> = {
  ban: ['phone', 'country', 'brand', 'reason'],
  unban: ['phone', 'country', 'brand'],
  'ban-wechat': ['openid', 'brand'],
  'unban-wechat': ['openid', 'brand'],
  'unbind-wechat': ['phone', 'country', 'brand', 'openid'],
  show: ['phone', 'country', 'brand', 'openid'],
  operator: ['name', 'role'],
};

function parse(args: string[]): { command: string | undefined; argument?: string; options: Options } {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: OPTIONS,
    });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\nSee: npm run admin -- help`);
  }
  // The database commands take one argument (a file or a URL), operator its subcommand; the others none.
  const first = parsed.positionals[0] ?? '';
  const taken = (DATA_COMMANDS as readonly string[]).includes(first) || first === 'operator' ? 2 : 1;
  if (parsed.positionals.length > taken)
    throw new UsageError(`Unexpected argument "${parsed.positionals[taken]}". See: npm run admin -- help`);
  return { command: parsed.positionals[0], argument: parsed.positionals[1], options: parsed.values };
}

function brandOf(options: Options): BrandId {
  const value = (options.brand ?? '1').toLowerCase();
  if (value === '1' || value === 'starreach') return 'starreach';
  if (value === '2' || value === 'creatorbox') return 'creatorbox';
  throw new UsageError(`--brand must be 1 (StarReach) or 2 (CreatorBox), got "${options.brand}".`);
}

function brandLabel(brandId: BrandId): string {
  return `${brands[brandId].name.en} (brand ${brandId === 'starreach' ? 1 : 2}, tenant ${brands[brandId].tenantId})`;
}

function phoneOf(options: Options): { brandId: BrandId; countryCode: number; phone: string } {
  if (!options.phone) throw new UsageError('--phone is required. See: npm run admin -- help');
  const countryCode = Number(options.country ?? '1');
  if (!Number.isInteger(countryCode) || !COUNTRIES.has(countryCode))
    throw new UsageError(
      `--country must be a country value of the login form (1 China, 9 US, 19 England, ...), got "${options.country}".`,
    );
  const phone = normalizePhone(countryCode, options.phone.replace(/[\s-]/g, ''));
  if (!phone)
    throw new UsageError(
      `"${options.phone}" is not a phone number of ${COUNTRIES.get(countryCode)?.name ?? 'that country'} (country ${countryCode}).`,
    );
  return { brandId: brandOf(options), countryCode, phone };
}

async function findAccount(db: Database, choice: ReturnType<typeof phoneOf>): Promise<UserRow> {
  const tenantId = brands[choice.brandId].tenantId;
  const user = await findUserByPhone(db, { tenantId, countryCode: choice.countryCode, phone: choice.phone });
  if (user) return user;
  const other: BrandId = choice.brandId === 'starreach' ? 'creatorbox' : 'starreach';
  const elsewhere = await findUserByPhone(db, {
    tenantId: brands[other].tenantId,
    countryCode: choice.countryCode,
    phone: choice.phone,
  });
  const hint = elsewhere
    ? ` It has an account on ${brandLabel(other)}: add --brand ${other === 'starreach' ? 1 : 2}.`
    : '';
  throw new UsageError(
    `No account with phone ${internationalPhone(choice.countryCode, choice.phone)} on ${brandLabel(choice.brandId)}.${hint}`,
  );
}

function describeAccount(user: UserRow, brandId: BrandId): string {
  return `account ${user.id} ("${user.nickname}", ${internationalPhone(user.country_code, user.phone)}) on ${brandLabel(brandId)}`;
}

function openIdOf(options: Options): string {
  const openId = options.openid?.trim();
  if (!openId) throw new UsageError('--openid is required. See: npm run admin -- help');
  return openId;
}

async function liveSessions(db: Database, userId: number, now: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*) as n from sessions where user_id = $1 and revoked_at is null and expires_at > $2',
    [userId, now],
  );
  return row.n;
}

/** `text` with its first letter capitalized, to start a line. */
const capitalized = (text: string) => `${text[0].toUpperCase()}${text.slice(1)}`;

const when = (date: Date) =>
  date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');

async function run(db: Database, command: string, options: Options, io: AdminIo, now: Date): Promise<void> {
  const print = io.out;
  switch (command) {
    case 'ban': {
      const choice = phoneOf(options);
      const user = await findAccount(db, choice);
      const reason = options.reason?.trim() || null;
      const result = await banAccount(db, { userId: user.id, reason, now });
      const what = describeAccount(user, choice.brandId);
      print(
        result.changed
          ? `Banned ${what}.`
          : `${capitalized(what)} was already banned (since ${when(user.banned_at ?? now)}); the reason is updated.`,
      );
      print(reason ? `Reason: ${reason}` : 'No reason given.');
      print(
        result.revokedSessions
          ? `Revoked ${result.revokedSessions} live session${result.revokedSessions === 1 ? '' : 's'}: the account is logged out everywhere.`
          : 'It had no live session.',
      );
      return;
    }
    case 'unban': {
      const choice = phoneOf(options);
      const user = await findAccount(db, choice);
      const what = describeAccount(user, choice.brandId);
      print(
        (await unbanAccount(db, user.id))
          ? `Lifted the ban on ${what}: it can log in again.`
          : `${capitalized(what)} is not banned; nothing changed.`,
      );
      return;
    }
    case 'ban-wechat':
    case 'unban-wechat': {
      const brandId = brandOf(options);
      const openId = openIdOf(options);
      const tenantId = brands[brandId].tenantId;
      const changed =
        command === 'ban-wechat'
          ? await banIdentity(db, { tenantId, openId, now })
          : await unbanIdentity(db, { tenantId, openId });
      const what = `the WeChat identity "${openId}" on ${brandLabel(brandId)}`;
      if (changed === null)
        throw new UsageError(`No WeChat identity "${openId}" on ${brandLabel(brandId)} (it has never scanned a code).`);
      if (command === 'ban-wechat')
        print(
          changed ? `Banned ${what}: scanning with it now answers "account banned".` : `${what} was already banned.`,
        );
      else print(changed ? `Lifted the ban on ${what}.` : `${what} is not banned; nothing changed.`);
      return;
    }
    case 'unbind-wechat': {
      if (options.openid) {
        const brandId = brandOf(options);
        const openId = openIdOf(options);
        const removed = await unbindIdentity(db, { tenantId: brands[brandId].tenantId, openId });
        if (!removed) {
          if (!(await lockIdentity(db, brands[brandId].tenantId, openId)))
            throw new UsageError(`No WeChat identity "${openId}" on ${brandLabel(brandId)}.`);
          print(`The WeChat identity "${openId}" on ${brandLabel(brandId)} is not bound; nothing changed.`);
          return;
        }
        print(
          `Removed the binding of the WeChat identity "${openId}" on ${brandLabel(brandId)} to account ${removed.userId}: it no longer logs in to it.`,
        );
        return;
      }
      const choice = phoneOf(options);
      const user = await findAccount(db, choice);
      const what = describeAccount(user, choice.brandId);
      const removed = await unbindIdentity(db, { userId: user.id });
      print(
        removed
          ? `Removed the WeChat "${removed.openId}" from ${what}: it no longer logs in to the account.`
          : `${capitalized(what)} has no WeChat bound; nothing changed.`,
      );
      return;
    }
    case 'show': {
      if (options.openid) {
        const brandId = brandOf(options);
        const identity = await lockIdentity(db, brands[brandId].tenantId, openIdOf(options));
        if (!identity) throw new UsageError(`No WeChat identity "${options.openid}" on ${brandLabel(brandId)}.`);
        print(`WeChat identity "${identity.open_id}" on ${brandLabel(brandId)}`);
        print(`  nickname:   ${identity.nickname ?? '(none)'}`);
        print(`  first seen: ${when(identity.created_at)}`);
        print(`  banned:     ${identity.banned_at ? `yes, since ${when(identity.banned_at)}` : 'no'}`);
        print(
          `  bound to:   ${identity.user_id === null ? '(no account)' : `account ${identity.user_id}, since ${when(identity.bound_at ?? identity.created_at)}`}`,
        );
        return;
      }
      const choice = phoneOf(options);
      const user = await findAccount(db, choice);
      const identity = await identityOfUser(db, user.id);
      print(capitalized(describeAccount(user, choice.brandId)));
      print(`  registered: ${when(user.created_at)}`);
      print(
        `  banned:     ${user.banned_at ? `yes, since ${when(user.banned_at)}${user.ban_reason ? ` (reason: ${user.ban_reason})` : ''}` : 'no'}`,
      );
      print(
        `  WeChat:     ${identity ? `"${identity.open_id}"${identity.banned_at ? ' (banned)' : ''}, bound ${when(identity.bound_at ?? identity.created_at)}` : '(none bound)'}`,
      );
      print(`  sessions:   ${await liveSessions(db, user.id, now)} live`);
    }
  }
}

/** Opens the server's database, refusing an embedded one another process (the server) holds. */
async function openServerDatabase(env: NodeJS.ProcessEnv, force: boolean): Promise<Database> {
  const settings = readSettings({ NODE_ENV: 'production', ...env });
  if (settings.databaseUrl) return openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  const dataDir = resolve(PROJECT_ROOT, settings.dataDir);
  if (!existsSync(join(dataDir, 'PG_VERSION')))
    throw new UsageError(
      `There is no database in ${dataDir} yet: start the server once (npm start), or point DATA_DIR (or DATABASE_URL) at the server's database.`,
    );
  // PGlite writes postmaster.pid while a process has the folder open and removes it on close. It does not stop a
  // second process from opening the folder, and two processes writing to it would corrupt it: refuse.
  if (existsSync(join(dataDir, 'postmaster.pid')) && !force)
    throw new UsageError(
      `The embedded database in ${dataDir} is in use, but no server answers on its control socket.\n` +
        'The embedded database (PGlite) allows one process at a time. If a server is running on it, stop it (Ctrl+C ' +
        'in its terminal), run this command again, then start the server again.\n' +
        'If the server is not running (it stopped abruptly and left its lock behind), add --force.',
    );
  return openDatabase({ dataDir });
}

/** Runs one command; returns the exit code (0 done, 1 bad input, unknown account or database problem). */
export async function main(args: string[], io: AdminIo): Promise<number> {
  try {
    const { command, argument, options } = parse(args);
    if (!command || command === 'help' || options.help) {
      (command || options.help ? io.out : io.err)(USAGE);
      return command || options.help ? 0 : 1;
    }
    const dataCommand = DATA_COMMANDS.find((name) => name === command);
    const allowed = dataCommand ? ['replace'] : ALLOWED[command];
    if (!allowed) throw new UsageError(`Unknown command "${command}". See: npm run admin -- help`);
    const extra = Object.keys(options).find((name) => name !== 'force' && !allowed.includes(name as keyof Options));
    if (extra) throw new UsageError(`"${command}" takes no --${extra}. See: npm run admin -- help`);
    if (dataCommand) {
      const env = io.env ?? process.env;
      await runDataCommand(dataCommand, argument, Boolean(options.replace), {
        out: io.out,
        env,
        db: io.db,
        openEmbedded: () => openServerDatabase(env, Boolean(options.force)),
      });
      return 0;
    }
    const db = io.db ?? (await openServerDatabase(io.env ?? process.env, Boolean(options.force)));
    try {
      if (command === 'operator')
        await runOperatorCommand(db, argument, options, { out: io.out, stdin: io.stdin }, io.now?.() ?? new Date());
      else await run(db, command, options, io, io.now?.() ?? new Date());
    } finally {
      if (!io.db) await db.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof OperatorRefusal || isRefusal(error))
      io.err(error instanceof Error ? error.message : '');
    else io.err(`The command failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
