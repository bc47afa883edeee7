/**
 * Security headers on every response (pages, API, assets, static files, error pages, the phone pages and the
 * workbench stand-in): one middleware, mounted first, that fills in what a route did not set itself.
 *
 * The Content-Security-Policy allows nothing by default and lists each kind of resource the pages load. Inline
 * scripts run only by their SHA-256 hash (never a nonce: a cached page is the same bytes for every visitor),
 * so a route that writes inline code sets its own policy with `contentSecurityPolicy({ scriptHashes })`.
 */
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { requestIsHttps } from './request';
import type { Settings } from './settings';

export interface PolicyInput {
  /** `'sha256-…'` sources of the inline scripts the page may run. */
  scriptHashes?: readonly string[];
  /** `'sha256-…'` sources of inline `<style>` elements (the server-written pages). */
  styleHashes?: readonly string[];
  /**
   * `npm run dev`: Vite injects each module's CSS as a `<style>` element and reloads over a WebSocket on a port
   * of its own, so inline styles and WebSocket connections are allowed there (never in production).
   */
  development?: boolean;
  /**
   * The configured analytics and ad-conversion origins of the page's brand (none by default): `script` may load
   * scripts; `connect` may receive requests and image beacons; `frame` may be framed by the page (a third-party
   * captcha's dialog). Exactly these, nothing wider.
   */
  thirdParty?: { script: readonly string[]; connect: readonly string[]; frame?: readonly string[] };
}

/** The `'sha256-…'` source of an inline script or style element's exact text. */
export function inlineHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The policy of every response. Images and captcha pieces may be `data:` URLs (the QR code and the slider
 * puzzle are drawn by the server as data URLs); everything else comes from this origin.
 */
export function contentSecurityPolicy({
  scriptHashes = [],
  styleHashes = [],
  development = false,
  thirdParty = { script: [], connect: [] },
}: PolicyInput = {}): string {
  return [
    "default-src 'none'",
    ["script-src 'self'", ...thirdParty.script, ...scriptHashes].join(' '),
    ["style-src 'self'", ...(development ? ["'unsafe-inline'"] : styleHashes)].join(' '),
    ["img-src 'self' data:", ...thirdParty.connect].join(' '),
    "media-src 'self'",
    "font-src 'self'",
    ["connect-src 'self'", ...thirdParty.connect, ...(development ? ['ws:', 'wss:'] : [])].join(' '),
    ...(thirdParty.frame?.length ? [`frame-src ${thirdParty.frame.join(' ')}`] : []),
    "manifest-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** The hashes of every inline `<script>` in a page (not `src=` scripts, not JSON data blocks, which never run). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes, body] = match;
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*"application\/(?:ld\+)?json"/i.test(attributes)) continue;
    if (body) hashes.add(inlineHash(body));
  }
  return [...hashes];
}

/**
 * Features the site never uses are denied to it and to anything it might embed; the video player may go full
 * screen and picture-in-picture on this origin.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=(self)',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

const YEAR = 365 * 24 * 3600;

export function strictTransportSecurity(preload: boolean): string {
  return `max-age=${2 * YEAR}; includeSubDomains${preload ? '; preload' : ''}`;
}

export type SecuritySettings = Pick<Settings, 'trustProxy' | 'hstsPreload' | 'production'>;

/** The headers a response gets unless its route set them (a route may only be stricter or add hashes). */
/** The default policies, made once (they were joined again for every response). */
const DEFAULT_POLICY = {
  production: contentSecurityPolicy(),
  development: contentSecurityPolicy({ development: true }),
};

export function securityHeaderValues(c: Context, settings: SecuritySettings): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': settings.production ? DEFAULT_POLICY.production : DEFAULT_POLICY.development,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    // Older browsers that ignore `frame-ancestors`.
    'X-Frame-Options': 'DENY',
  };
  // HSTS only means something (and is only honoured) on an HTTPS response.
  if (requestIsHttps(c, settings.trustProxy))
    headers['Strict-Transport-Security'] = strictTransportSecurity(settings.hstsPreload);
  return headers;
}

export function securityHeaders(settings: SecuritySettings): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const values = securityHeaderValues(c, settings);
    let response = c.res;
    try {
      applyHeaders(response.headers, values);
    } catch {
      // A response whose headers are immutable (a fetch() result passed through): copy it once.
      response = new Response(response.body, response);
      applyHeaders(response.headers, values);
      c.res = response;
    }
  };
}

function applyHeaders(headers: Headers, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) if (!headers.has(name)) headers.set(name, value);
}
