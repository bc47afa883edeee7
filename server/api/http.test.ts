// @vitest-environment node
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { limitBodies } from '../http/body-limit';
import { SIZE_LIMITS } from '../limits/rules';
import { ApiError, errorResponse, nameFields, readJson, readQuery } from './http';

// A name the catalog has (server/api/accounts/fields.ts names it too), so both languages are the catalog's.
nameFields({ age: '昵称' });

const app = new Hono();
// The body's size is bounded app-wide (as server/app.ts does), before readJson reads it.
app.use(limitBodies());
app.post('/body', async (c) => c.json(await readJson(c, z.strictObject({ age: z.number().int().min(1) }))));
app.get('/query', (c) => c.json(readQuery(c, z.strictObject({ page: z.coerce.number().int().min(1) }))));
app.onError((error, c) => (error instanceof ApiError ? errorResponse(c, error) : c.text('crash', 500)));

const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  app.request('/body', { method: 'POST', body, headers });

describe('request validation', () => {
  it('tells a missing field from a wrong-typed one, in the request language', async () => {
    const missing = await post('{}');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ code: 40000, message: '缺少昵称', data: { field: 'age' } });
    const wrong = await app.request('/body', {
      method: 'POST',
      body: '{"age":"ten"}',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-GB' },
    });
    expect(((await wrong.json()) as { message: string }).message).toBe('Nickname has the wrong type (expected number)');
  });

  it('refuses extra fields, other content types, bad JSON and large bodies with a 4xx message', async () => {
    expect(((await (await post('{"age":3,"admin":true}')).json()) as { message: string }).message).toBe(
      '不支持的字段：admin',
    );
    expect((await post('{"age":3}', { 'content-type': 'text/plain' })).status).toBe(415);
    const bad = await post('{"age":');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('请求内容不是有效的 JSON');
    expect((await post(JSON.stringify({ age: 3, pad: 'x'.repeat(SIZE_LIMITS.apiBody) }))).status).toBe(413);
    expect(await (await post('{"age":3}')).json()).toEqual({ age: 3 });
  });

  it('validates the query string', async () => {
    expect((await app.request('/query?page=0')).status).toBe(400);
    expect(await (await app.request('/query?page=2')).json()).toEqual({ page: 2 });
  });
});
