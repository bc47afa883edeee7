// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readSettings } from '../config/settings';
import type { Database } from '../db/database';
import { createRateLimiter } from '../limits/rate-limiter';
import { createApi } from './index';
import { listOperations } from './openapi';
import { honoPath } from './route';

describe('the contract and the routes', () => {
  // Building the API registers its routes; no call is made, so no database is needed.
  const api = createApi({
    db: {} as Database,
    settings: readSettings({ NODE_ENV: 'development' }),
    now: () => new Date(),
    limiter: createRateLimiter(),
  });
  const served = new Set(api.routes.map((r) => `${r.method} ${r.path}`));

  it('serves every call the contract declares (so /api/openapi.json lists only what exists)', () => {
    const missing = listOperations()
      .map((op) => `${op.method.toUpperCase()} ${honoPath(op.path)}`)
      .filter((key) => !served.has(key));
    expect(missing).toEqual([]);
  });

  it('serves under /v2, /v4 and /dev only calls the contract declares', () => {
    const declared = new Set(listOperations().map((op) => `${op.method.toUpperCase()} ${honoPath(op.path)}`));
    const undeclared = [...served].filter((key) => /^(GET|POST) \/(v2|v4|dev)\//.test(key) && !declared.has(key));
    expect(undeclared).toEqual([]);
  });
});
