/**
 * The console's user calls: search, a user's page, reveal the phone, ban, unban, revoke sessions, unbind WeChat
 * (console-users). Mounted under /console/api by server/console/app.ts, behind the session, CSRF and role checks:
 * every handler reads the signed-in operator and the address they set. Every change runs in one transaction with
 * its audit entry (before and after, never a secret).
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { CONSOLE_CODES, consoleOperations as ops } from '../../shared/contract/console';
import { ApiError, BAD_REQUEST, errorResponse, ok } from '../api/http';
import { route } from '../api/route';
import type { Queryable } from '../db/database';
import { banAccountIn } from '../scan-login/bans';
import { forgetTickets, unbindIdentity } from '../scan-login/tickets';
import { type AuditEntry, recordAudit } from './audit';
import type { ConsoleDeps, ConsoleEnv, SignedInOperator } from './deps';
import {
  isCalendarDay,
  liveSessionIds,
  lockUser,
  revokeOneSession,
  searchUsers,
  type UserPageData,
  userPage,
  userPhone,
} from './users';

const userNotFound = () => new ApiError(404, CONSOLE_CODES.userNotFound, /*i18n*/ '用户不存在');

/** The path's id: digits only (anything else is no user). */
function userIdOf(c: Context): number {
  const id = c.req.param('id') ?? '';
  if (!/^\d{1,15}$/.test(id)) throw userNotFound();
  return Number(id);
}

/** Who does it and from where (the session middleware of server/console/app.ts sets both). */
function actor(c: Context<ConsoleEnv>): { operator: SignedInOperator; address: string } {
  return { operator: c.var.operator, address: c.var.address };
}

export function usersApi(deps: ConsoleDeps) {
  const api = new Hono<ConsoleEnv>();
  api.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    throw error;
  });

  /** Runs a change and its audit entry in one transaction, then answers the user's page as it now is. */
  async function change(
    c: Context<ConsoleEnv>,
    action: string,
    work: (tx: Queryable, userId: number, now: Date) => Promise<{ before: unknown; after: unknown }>,
  ) {
    const userId = userIdOf(c);
    const { operator, address } = actor(c);
    const now = deps.now();
    const page = await deps.db.transaction(async (tx) => {
      const { before, after } = await work(tx, userId, now);
      const entry: AuditEntry = { at: now, operator, address, action, userId, before, after };
      await recordAudit(tx, entry);
      return userPage(tx, userId, now);
    });
    if (!page) throw userNotFound();
    return ok<UserPageData>(c, page);
  }

  async function locked(tx: Queryable, userId: number) {
    const user = await lockUser(tx, userId);
    if (!user) throw userNotFound();
    return user;
  }

  route(api, ops.users, async (c, input) => {
    const query = input.query();
    let before: number | undefined;
    if (query.cursor !== undefined) {
      if (!/^\d{1,15}$/.test(query.cursor))
        throw new ApiError(400, BAD_REQUEST, /*i18n*/ '分页游标无效', {}, { field: 'cursor' });
      before = Number(query.cursor);
    }
    for (const field of ['from', 'to'] as const) {
      const day = query[field];
      if (day !== undefined && !isCalendarDay(day))
        throw new ApiError(400, BAD_REQUEST, /*i18n*/ '日期无效', {}, { field });
    }
    if (query.from && query.to && query.from > query.to)
      throw new ApiError(400, BAD_REQUEST, /*i18n*/ '开始日期不能晚于结束日期', {}, { field: 'from' });
    const found = await searchUsers(deps.db, {
      q: query.q,
      brand: query.brand,
      channel: query.channel,
      from: query.from,
      to: query.to,
      before,
      limit: query.limit,
    });
    return ok(c, found);
  });

  route(api, ops.user, async (c) => {
    const page = await userPage(deps.db, userIdOf(c), deps.now());
    if (!page) throw userNotFound();
    return ok(c, page);
  });

  route(api, ops.revealPhone, async (c, input) => {
    await input.body();
    const userId = userIdOf(c);
    const { operator, address } = actor(c);
    const now = deps.now();
    const phone = await deps.db.transaction(async (tx) => {
      const found = await userPhone(tx, userId);
      if (!found) return null;
      // The audit says that it was shown, not the number itself.
      await recordAudit(tx, { at: now, operator, address, action: 'user.reveal_phone', userId });
      return found;
    });
    if (!phone) throw userNotFound();
    return ok(c, phone);
  });

  route(api, ops.ban, async (c, input) => {
    const { reason } = await input.body();
    return change(c, 'user.ban', async (tx, userId, now) => {
      const user = await locked(tx, userId);
      const sessions = await liveSessionIds(tx, userId, now);
      // Revokes the sessions and enqueues the `user.banned` webhook event (a first ban only), in this transaction.
      await banAccountIn(tx, { userId, reason, now });
      return {
        before: { bannedAt: user.banned_at?.toISOString() ?? null, banReason: user.ban_reason },
        after: {
          bannedAt: (user.banned_at ?? now).toISOString(),
          banReason: reason,
          revokedSessions: sessions,
        },
      };
    });
  });

  route(api, ops.unban, async (c, input) => {
    await input.body();
    return change(c, 'user.unban', async (tx, userId) => {
      const user = await locked(tx, userId);
      await tx.query('update users set banned_at = null, ban_reason = null where id = $1', [userId]);
      return {
        before: { bannedAt: user.banned_at?.toISOString() ?? null, banReason: user.ban_reason },
        after: { bannedAt: null, banReason: null },
      };
    });
  });

  route(api, ops.revokeSessions, async (c, input) => {
    const body = await input.body();
    return change(c, 'user.revoke_sessions', async (tx, userId, now) => {
      await locked(tx, userId);
      const live = await liveSessionIds(tx, userId, now);
      if ('all' in body) {
        await tx.query('update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null', [userId, now]);
        return { before: { sessions: live }, after: { sessions: [], revoked: live } };
      }
      const sessionId = /^\d{1,15}$/.test(body.sessionId) ? Number(body.sessionId) : null;
      if (sessionId === null || !(await revokeOneSession(tx, userId, sessionId, now)))
        throw new ApiError(400, BAD_REQUEST, /*i18n*/ '该会话不存在或已结束', {}, { field: 'sessionId' });
      return {
        before: { sessions: live },
        after: { sessions: live.filter((id) => id !== String(sessionId)), revoked: [String(sessionId)] },
      };
    });
  });

  route(api, ops.unbindWechat, async (c, input) => {
    await input.body();
    return change(c, 'user.unbind_wechat', async (tx, userId) => {
      await locked(tx, userId);
      const [identity] = await tx.query<{ nickname: string | null; bound_at: Date | null }>(
        'select nickname, bound_at from wx_identities where user_id = $1',
        [userId],
      );
      await unbindIdentity(tx, { userId });
      forgetTickets();
      return {
        before: {
          wechat: identity ? { nickname: identity.nickname, boundAt: identity.bound_at?.toISOString() ?? null } : null,
        },
        after: { wechat: null },
      };
    });
  });

  return api;
}
