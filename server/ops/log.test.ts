// @vitest-environment node
/**
 * Structured logs: a JSON line per request with level, time, request id (an incoming
 * X-Request-Id from a trusted proxy is honoured and echoed), method, path, status, duration and brand; no password, token, code or
 * unmasked phone number in any line.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { harness, PASSWORD } from '../testing/accounts-harness';
import { captureLog } from '../testing/capture-log';
import { describeDatabases } from '../testing/databases';
import { maskPhones } from './log';

let restore = () => {};
afterEach(() => restore());

/** The JSON lines the server logs during the test. */
function capturedLines(): Record<string, unknown>[] {
  const capture = captureLog();
  restore = capture.restore;
  return capture.lines;
}

describe('maskPhones', () => {
  it('masks every run of 7 or more digits, keeping the first 3 and last 4', () => {
    expect(maskPhones('send to 13800138000 and +1 2025550123, code 123456')).toBe(
      'send to 138****8000 and +1 202****0123, code 123456',
    );
  });
});

describeDatabases('request logs', (getDb) => {
  it("writes one JSON line per request with the request id, and echoes a trusted proxy's X-Request-Id", async () => {
    const lines = capturedLines();
    // The harness's peer (203.0.113.1) is the trusted proxy; server/hostile/config.test.ts: anyone else's is ignored.
    const h = harness(getDb(), { env: { TRUST_PROXY: '203.0.113.1' } });
    const answer = await h.call('/v2/college/sections', {
      headers: { 'x-request-id': 'proxy-abc.123' },
      host: 'localhost:3031',
    });
    expect(answer.headers.get('x-request-id')).toBe('proxy-abc.123');
    const generated = await h.call('/health', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests[0]).toMatchObject({
      level: 30,
      levelName: 'info',
      reqId: 'proxy-abc.123',
      method: 'GET',
      path: '/api/v2/college/sections',
      status: answer.status,
      brand: 'creatorbox',
    });
    expect(typeof requests[0].time).toBe('number');
    expect(typeof requests[0].ms).toBe('number');
    expect(requests[1].reqId).toBe(generated.headers.get('x-request-id'));
  });

  it('never writes a password, token, SMS code or unmasked phone number', async () => {
    const lines = capturedLines();
    const h = harness(getDb());
    const { Authorization } = await h.register('13800138000');
    await h.call('/v2/web/userlogin', {
      body: { phone: '13800138000', countryCode: 1, password: PASSWORD, loginType: 'password' },
    });
    await h.call('/v2/web/userlogin', {
      body: { phone: '13800138000', countryCode: 1, password: 'wrong one!', loginType: 'password' },
    });
    await h.call('/v4/v1/damiUser/getUserInfo', { token: Authorization });
    const text = lines.map((line) => JSON.stringify(line)).join('\n');
    expect(lines.length).toBeGreaterThan(3);
    expect(text).not.toContain('13800138000');
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('wrong one!');
    expect(text).not.toContain(Authorization);
    expect(text).not.toMatch(/code[^a-z]*\d{6}/i);
  });
});
