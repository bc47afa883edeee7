/**
 * The API of spec §7 lives under /api. This area answers health checks and, for any path it does not know,
 * the JSON envelope with a 404, so no API call ever receives an HTML page.
 */
import { Hono } from 'hono';

export function createApi() {
  const api = new Hono();
  api.get('/health', (c) => c.json({ code: 200, message: 'ok', data: { uptime: Math.round(process.uptime()) } }));
  api.all('*', (c) => {
    const english = (c.req.header('accept-language') ?? '').toLowerCase().startsWith('en');
    return c.json({ code: 404, message: english ? 'No such API endpoint' : '接口不存在' }, 404);
  });
  return api;
}
