/** /wx/confirm: the chat reply's link on the phone; the POST carries the link's secret token (CSRF-safe). */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { brands } from '../../shared/brand';
import { translate } from '../api/catalog';
import { markup } from '../http/html';
import { requestBrand } from '../http/request';
import { cancelScan, confirmPreview, confirmScan } from '../scan-login/confirm';
import { SCENE_PATTERN } from '../scan-login/tickets';
import { readForm, sameOrigin } from './forms';
import { type Lang, page, pageLanguage, sendPage } from './html';
import type { PhonePagesDeps } from './types';

const TOKEN = /^[\w-]{16,128}$/;

type Result = 'confirmed' | 'cancelled' | 'expired' | 'invalid' | 'banned' | 'bad';

const RESULTS: Record<Result, { status: 200 | 400 | 403 | 404 | 410; title: string; text: string }> = {
  confirmed: { status: 200, title: /*i18n*/ '已确认', text: /*i18n*/ '已确认，请回到电脑继续。' },
  cancelled: { status: 200, title: /*i18n*/ '已取消', text: /*i18n*/ '已取消登录。如需登录，请在电脑上重新扫码。' },
  expired: {
    status: 410,
    title: /*i18n*/ '二维码已过期',
    text: /*i18n*/ '二维码已过期，请在电脑上刷新二维码后重新扫码。',
  },
  invalid: { status: 404, title: /*i18n*/ '链接已失效', text: /*i18n*/ '此确认链接无效或已使用，请在电脑上重新扫码。' },
  banned: { status: 403, title: /*i18n*/ '账号已被封禁', text: /*i18n*/ '账号已被封禁，无法登录。' },
  bad: { status: 400, title: /*i18n*/ '请求无效', text: /*i18n*/ '请求无效，请从微信中的链接重新打开此页面。' },
};

function resultPage(c: Context, lang: Lang, result: Result) {
  const { status, ...words } = RESULTS[result];
  const title = translate(words.title, lang);
  const body = markup`<section class="result" data-testid="confirm-result" data-result="${result}">
  <h1>${title}</h1>
  <p>${translate(words.text, lang)}</p>
</section>`;
  return sendPage(c, page({ lang, title, body }), status);
}

export function confirmRoutes(deps: PhonePagesDeps) {
  const app = new Hono();

  app.get('/wx/confirm', async (c) => {
    const lang = pageLanguage(c);
    const scene = c.req.query('scene') ?? '';
    const t = c.req.query('t') ?? '';
    if (!SCENE_PATTERN.test(scene) || !TOKEN.test(t)) return resultPage(c, lang, 'bad');
    const brandId = requestBrand(c, deps.settings);
    const tenantId = brands[brandId].tenantId;
    const preview = await confirmPreview(deps.db, { tenantId, scene, confirmToken: t, now: deps.now() });
    if (!preview) return resultPage(c, lang, 'invalid');
    const brand = brands[brandId].name[lang];
    const title = translate({ id: /*i18n*/ '在电脑上登录{brand}？', values: { brand } }, lang);
    const body = markup`<section class="card" data-testid="confirm-page">
  <h1 class="big">${title}</h1>
  <p>${translate(/*i18n*/ '账号', lang)} <strong data-testid="confirm-phone">${preview.phone}</strong>
    <span class="meta" data-testid="confirm-user">${preview.userName}</span></p>
  <p class="meta">${translate(/*i18n*/ '请确认是您本人正在电脑上登录。', lang)}</p>
  <dl class="meta" data-testid="confirm-computer">
    <dt>${translate(/*i18n*/ '登录的电脑', lang)}</dt>
    <dd data-testid="confirm-device">${preview.device ?? translate(/*i18n*/ '未知浏览器', lang)}</dd>
    <dt>${translate(/*i18n*/ '电脑的网络地址', lang)}</dt>
    <dd data-testid="confirm-address">${preview.address ?? translate(/*i18n*/ '未知', lang)}</dd>
  </dl>
  <p class="meta">${translate(/*i18n*/ '如果这不是您面前的电脑，请点“取消”：有人可能在用您扫的码登录。', lang)}</p>
  <form method="post" action="/wx/confirm" class="actions">
    <input type="hidden" name="scene" value="${scene}">
    <input type="hidden" name="t" value="${t}">
    <input type="hidden" name="lang" value="${lang}">
    <button type="submit" name="action" value="confirm" class="primary" autofocus>${translate(/*i18n*/ '确认登录', lang)}</button>
    <button type="submit" name="action" value="cancel" class="secondary">${translate(/*i18n*/ '取消', lang)}</button>
  </form>
</section>`;
    return sendPage(c, page({ lang, title, body }));
  });

  app.post('/wx/confirm', async (c) => {
    const form = await readForm(c);
    const lang = pageLanguage(c, form?.get('lang') ?? null);
    if (!form || !sameOrigin(c)) return resultPage(c, lang, 'bad');
    const scene = form.get('scene') ?? '';
    const t = form.get('t') ?? '';
    const action = form.get('action');
    if (!SCENE_PATTERN.test(scene) || !TOKEN.test(t) || (action !== 'confirm' && action !== 'cancel'))
      return resultPage(c, lang, 'bad');
    const tenantId = brands[requestBrand(c, deps.settings)].tenantId;
    const input = { tenantId, scene, confirmToken: t, now: deps.now() };
    if (action === 'cancel') {
      await cancelScan(deps.db, input);
      return resultPage(c, lang, 'cancelled');
    }
    return resultPage(c, lang, await confirmScan(deps.db, input));
  });

  return app;
}
