/**
 * The seller's data, as the personal-information law expects it to be handed over: everything the portal holds
 * about the account (account, attribution, sessions, likes of this browser, WeChat binding, bans, audit trail).
 * Never a password hash, a token (or its hash), an SMS code or a confirm secret: the columns are named one by one.
 */
import type { AccountExport } from '../../shared/contract/account';
import type { Queryable } from '../db/database';
import { auditTrail } from './account-audit';
import { hasPassword } from './account-settings';
import { closureOf } from './sessions';
import { customerInfo, type UserRow } from './users';

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

export async function exportAccount(
  tx: Queryable,
  user: UserRow,
  visitorId: string | null,
  now: Date,
): Promise<AccountExport> {
  const sessions = await tx.query<{
    id: number | string;
    created_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
    last_seen_at: Date | null;
    created_ip: string;
    user_agent: string | null;
  }>(
    `select id, created_at, expires_at, revoked_at, last_seen_at, created_ip, user_agent from sessions
      where user_id = $1 order by created_at, id`,
    [user.id],
  );
  const likes = visitorId
    ? await tx.query<{ article_id: number; created_at: Date }>(
        'select article_id, created_at from college_likes where visitor_id = $1 order by created_at, article_id',
        [visitorId],
      )
    : [];
  const [identity] = await tx.query<{ nickname: string | null; bound_at: Date | null; banned_at: Date | null }>(
    'select nickname, bound_at, banned_at from wx_identities where user_id = $1',
    [user.id],
  );
  const attribution: Record<string, string> = {};
  for (const [key, value] of Object.entries(user.registe_info ?? {}))
    if (value !== null && value !== undefined) attribution[key] = String(value);
  const bans: AccountExport['bans'] = [];
  if (user.banned_at) bans.push({ what: 'account', at: iso(user.banned_at) as string, reason: user.ban_reason });
  if (identity?.banned_at) bans.push({ what: 'wechat', at: iso(identity.banned_at) as string, reason: null });
  return {
    exportedAt: now.toISOString(),
    account: {
      userId: Number(user.id),
      tenantId: Number(user.tenant_id),
      nickname: user.nickname,
      countryCode: Number(user.country_code),
      phone: user.phone,
      createdAt: new Date(user.created_at).toISOString(),
      createdAddress: user.created_ip,
      signupMethod: user.signup_method,
      channelId: Number(user.channel_id),
      clientId: user.client_id,
      inviteCode: user.invite_code,
      trialEndsAt: customerInfo(user).trialEndsAt,
      hasPassword: hasPassword(user),
      passwordChangedAt: iso(user.password_changed_at),
      firstWorkbenchAt: iso(user.first_workbench_at),
      closure: closureOf(user),
    },
    attribution,
    sessions: sessions.map((row) => ({
      id: String(row.id),
      createdAt: new Date(row.created_at).toISOString(),
      expiresAt: new Date(row.expires_at).toISOString(),
      revokedAt: iso(row.revoked_at),
      lastSeenAt: iso(row.last_seen_at),
      address: row.created_ip,
      userAgent: row.user_agent,
    })),
    likes: likes.map((row) => ({ articleId: Number(row.article_id), likedAt: new Date(row.created_at).toISOString() })),
    wechat: identity ? { nickname: identity.nickname, boundAt: iso(identity.bound_at) } : null,
    bans,
    audit: await auditTrail(tx, user.id),
  };
}
