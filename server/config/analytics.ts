/** Downloads, analytics and ad conversions (server/config/read.ts says how a setting is declared). */
import type { z } from 'zod';
import { type AnalyticsConfig, CLICK_ID_PARAMS, type ClickIdParam } from '../../shared/portal-env';
import { absoluteUrl, area, between, defaultUrl, shape, text, trimmed, v } from './read';

const download = shape(/^(https?:\/\/|\/(?!\/))/, 'an http(s) URL or a path');
const siteId = shape(/^[\w-]{1,64}$/, '1-64 letters, digits, _ or -');

export const analytics = area('Downloads, analytics and ad conversions', {
  CLIENT_DOWNLOAD_URL: v(download), // where brand 1's Windows client installer downloads from (built elsewhere); until set, its button shows the spec's disabled "dev..." state
  BROWSER_DOWNLOAD_URL: v(download), // where brand 1's dedicated browser downloads from; until set, its button shows "dev..."
  CLIENT_DOWNLOAD_URL_2: v(download), // the same for brand 2
  BROWSER_DOWNLOAD_URL_2: v(download), // the same for brand 2
  ANALYTICS_SITE_ID: v(siteId), // brand 1's site id in a page-view analytics service (Baidu Tongji style); unset: no analytics script. Nothing is counted with Do Not Track or Global Privacy Control
  ANALYTICS_SITE_ID_2: v(siteId), // the same for brand 2
  ANALYTICS_SCRIPT_URL: v(text, 'https://hm.baidu.com/hm.js?{siteId}'), // the analytics script's address, `{siteId}` replaced by the brand's site id; the Content-Security-Policy allows exactly its origin
  AD_CONVERSION_URLS: v(trimmed), // where a registration from an ad click is reported, per click id kept in `registeInfo`: `bd_vid=https://…{clickId}… qhclickid=https://…{clickId}…` (space-separated)
  AD_CONVERSION_URLS_2: v(trimmed), // the same for brand 2
  AD_CONVERSION_SERVER_URLS: v(trimmed), // conversions the server reports (from an outbox: nothing lost on a restart, nothing sent twice): `qhclickid=https://…{clickId}…` entries fetched with GET; a click id reported here must not be in `AD_CONVERSION_URLS` too
  AD_CONVERSION_SERVER_URLS_2: v(trimmed), // the same for brand 2
  BAIDU_OCPC_TOKEN: v(trimmed), // Baidu's OCPC conversion upload token: registrations carrying `bd_vid` are reported by the server (needs `PUBLIC_URL`)
  BAIDU_OCPC_TOKEN_2: v(trimmed), // the same for brand 2 (needs `PUBLIC_URL_2`)
  BAIDU_OCPC_NEW_TYPE: v(between(1, 10_000), '25'), // the conversion type (newType) of the registration conversion, as Baidu's console lists it
  BAIDU_OCPC_URL: v(defaultUrl, 'https://ocpc.baidu.com/ocpcapi/api/uploadConvertData'), // Baidu's conversion upload address (tests point it at a local fake)
});
type Env = z.output<typeof analytics.schema>;

/** A brand's analytics (suffix '' for brand 1, '_2' for brand 2): its script and browser-reported conversions. */
export function readAnalytics(env: Env, suffix: '' | '_2'): AnalyticsConfig | null {
  const siteId = env[`ANALYTICS_SITE_ID${suffix}`];
  const conversionsText = env[`AD_CONVERSION_URLS${suffix}`];
  if (!siteId && !conversionsText) return null;
  const template = env.ANALYTICS_SCRIPT_URL;
  if (siteId && !template.includes('{siteId}'))
    throw new Error(`ANALYTICS_SCRIPT_URL must contain {siteId} where the site id goes, got "${template}"`);
  const script = siteId
    ? absoluteUrl(template.replace('{siteId}', encodeURIComponent(siteId)), 'ANALYTICS_SCRIPT_URL').href
    : null;
  return { script, conversions: conversionUrls(conversionsText, `AD_CONVERSION_URLS${suffix}`) };
}

/** `param=URL` entries (AD_CONVERSION_URLS, AD_CONVERSION_SERVER_URLS): each URL with `{clickId}` where the id goes. */
function conversionUrls(text: string | undefined, name: string): AnalyticsConfig['conversions'] {
  const conversions: AnalyticsConfig['conversions'] = [];
  for (const entry of (text ?? '').split(/\s+/).filter(Boolean)) {
    const at = entry.indexOf('=');
    const [param, url] = [entry.slice(0, at), entry.slice(at + 1)];
    if (at < 0 || !(CLICK_ID_PARAMS as readonly string[]).includes(param))
      throw new Error(`${name} entries must be ${CLICK_ID_PARAMS.join(' or ')}=<URL>, got "${entry}"`);
    if (!url.includes('{clickId}')) throw new Error(`${name}: the ${param} URL must contain {clickId}, got "${url}"`);
    absoluteUrl(url.replace('{clickId}', 'x'), name);
    if (conversions.some((c) => c.param === param)) throw new Error(`${name} names ${param} twice`);
    conversions.push({ param: param as ClickIdParam, url });
  }
  return conversions;
}

/** A brand's conversions the server reports (server/conversions/outbox.ts); never also by the browser. */
export function readServerConversions(env: Env, suffix: '' | '_2', landingOrigin: string | undefined) {
  const urls = conversionUrls(env[`AD_CONVERSION_SERVER_URLS${suffix}`], `AD_CONVERSION_SERVER_URLS${suffix}`);
  const token = env[`BAIDU_OCPC_TOKEN${suffix}`];
  if (token && urls.some((u) => u.param === 'bd_vid'))
    throw new Error(`BAIDU_OCPC_TOKEN${suffix} and AD_CONVERSION_SERVER_URLS${suffix} both report bd_vid: keep one`);
  if (token && !landingOrigin)
    throw new Error(
      `PUBLIC_URL${suffix} must be set when BAIDU_OCPC_TOKEN${suffix} is (Baidu matches a conversion by the landing page address)`,
    );
  const uploadUrl = env.BAIDU_OCPC_URL;
  const baidu = token
    ? { token, newType: env.BAIDU_OCPC_NEW_TYPE, landingUrl: `${landingOrigin}/`, uploadUrl }
    : undefined;
  const server = [...urls.map((u) => u.param), ...(baidu ? ['bd_vid'] : [])];
  for (const param of readAnalytics(env, suffix)?.conversions.map((c) => c.param) ?? [])
    if (server.includes(param))
      throw new Error(
        `AD_CONVERSION_URLS${suffix} reports ${param} from the browser and the server reports it too (${param === 'bd_vid' && baidu ? `BAIDU_OCPC_TOKEN${suffix}` : `AD_CONVERSION_SERVER_URLS${suffix}`}): keep one, or each registration counts twice`,
      );
  return { baidu, urls };
}
