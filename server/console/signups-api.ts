/**
 * The console's sign-ups report and its CSV (console-users). Mounted under /console/api by server/console/app.ts,
 * behind the session, CSRF and role checks. The rules of each split (the ad source's above all) are in ./signups.ts.
 */
import { Hono } from 'hono';
import { consoleOperations as ops } from '../../shared/contract/console';
import { ApiError, BAD_REQUEST, errorResponse, ok } from '../api/http';
import { route } from '../api/route';
import type { ConsoleDeps, ConsoleEnv } from './deps';
import { signupsCsv, signupsReport } from './signups';
import { isCalendarDay } from './users';

/** The longest range one report covers (a year and a bit: the query stays bounded). */
const MAX_DAYS = 400;

export function signupsApi(deps: ConsoleDeps) {
  const api = new Hono<ConsoleEnv>();
  api.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    throw error;
  });

  route(api, ops.signups, async (c, input) => {
    const query = input.query();
    for (const field of ['from', 'to'] as const)
      if (!isCalendarDay(query[field])) throw new ApiError(400, BAD_REQUEST, /*i18n*/ '日期无效', {}, { field });
    const from = Date.parse(`${query.from}T00:00:00Z`);
    const to = Date.parse(`${query.to}T00:00:00Z`);
    if (from > to) throw new ApiError(400, BAD_REQUEST, /*i18n*/ '开始日期不能晚于结束日期', {}, { field: 'from' });
    if ((to - from) / 86_400_000 >= MAX_DAYS)
      throw new ApiError(400, BAD_REQUEST, /*i18n*/ '日期范围过大（最多 400 天）', {}, { field: 'to' });
    const report = await signupsReport(deps.db, query, deps.now());
    if (query.format !== 'csv') return ok(c, report);
    const name = `signups-${query.by}-${query.interval}-${query.from}-${query.to}.csv`;
    return c.body(signupsCsv(report, query.by), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    });
  });

  return api;
}
