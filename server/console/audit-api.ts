/**
 * GET /console/api/audit: the audit log (operator_audit), newest first, filtered by operator name, user and action,
 * a page at a time (`nextCursor` is the id of the last row shown). Mounted by ./app.ts behind the session and roles.
 */
import { Hono } from 'hono';
import type { z } from 'zod';
import { CODES } from '../../shared/contract/codes';
import { type auditEntryData, consoleOperations } from '../../shared/contract/console';
import { ApiError, ok } from '../api/http';
import { route } from '../api/route';
import type { ConsoleDeps, ConsoleEnv } from './deps';

interface AuditRow {
  id: string;
  at: Date;
  operator_name: string | null;
  address: string;
  action: string;
  user_id: string | null;
  before: unknown;
  after: unknown;
}

export function auditApi(deps: ConsoleDeps) {
  const api = new Hono<ConsoleEnv>();
  route(api, consoleOperations.audit, async (c, input) => {
    const query = input.query();
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (query.operator) add('operator_name = ?', query.operator);
    if (query.user) add('user_id = ?', query.user);
    if (query.action) add('action = ?', query.action);
    if (query.cursor) {
      if (!/^\d{1,18}$/.test(query.cursor))
        throw new ApiError(400, CODES.badRequest, /*i18n*/ { id: '{field}格式不正确', values: { field: 'cursor' } });
      add('id < ?', query.cursor);
    }
    params.push(query.limit + 1);
    const rows = await deps.db.query<AuditRow>(
      `select id::text as id, at, operator_name, address, action, user_id::text as user_id, before, after
         from operator_audit ${where.length ? `where ${where.join(' and ')}` : ''}
        order by id desc limit $${params.length}`,
      params,
    );
    const page = rows.slice(0, query.limit);
    const items: z.infer<typeof auditEntryData>[] = page.map((row) => ({
      id: row.id,
      at: new Date(row.at).toISOString(),
      operator: row.operator_name,
      address: row.address,
      action: row.action,
      userId: row.user_id,
      before: row.before ?? null,
      after: row.after ?? null,
    }));
    return ok(c, { items, nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null });
  });
  return api;
}
