/**
 * Security headers on every response: one middleware, mounted first, fills in what a route did not set. Inline
 * scripts run by SHA-256 hash (never a nonce: a cached page is the same bytes for every visitor), so a route with
 * inline code sets its own policy with `contentSecurityPolicy({ scriptHashes })`.
 * Not hono/secure-headers: the page cache and the QR poll's fast path (in front of Hono) send this set as a plain
 * object, HSTS depends per request on a trusted proxy's scheme, and WebKit gets its own policy.
 */

import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Settings } from '../config/settings';
import { requestIsHttps } from './request';

export interface PolicyInput {
  /** `'sha256-…'` sources of the page's inline scripts and `<style>` elements. */
  scriptHashes?: readonly string[];
  styleHashes?: readonly string[];
  /** `npm run dev`: Vite's inline styles and WebSocket reloads are allowed (never in production). */
  development?: boolean;
  /** The brand's analytics, ad-conversion and captcha origins: exactly these, nothing wider. */
  thirdParty?: { script: readonly string[]; connect: readonly string[]; frame?: readonly string[] };
}

/** The `'sha256-…'` source of an inline script or style element's exact text. */
export function inlineHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The policy: only this origin, and `data:` images (the QR code and the slider puzzle). */
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

/** Features the site never uses are denied; the video player may go full screen and picture-in-picture. */
const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(self), camera=(), display-capture=(), fullscreen=(self), geolocation=(), ' +
  'gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), picture-in-picture=(self), ' +
  'publickey-credentials-get=(), screen-wake-lock=(), usb=(), xr-spatial-tracking=()';

const YEAR = 365 * 24 * 3600;

export function strictTransportSecurity(preload: boolean): string {
  return `max-age=${2 * YEAR}; includeSubDomains${preload ? '; preload' : ''}`;
}

export type SecuritySettings = Pick<Settings, 'trustProxy' | 'hstsPreload' | 'production'>;

/** The default policies, made once. */
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

/**
 * Whether a browser knows `manifest-src`: WebKit reports it as an error on every page (and applies `default-src`
 * to the manifest anyway). Blink says `Chrome/` next to `AppleWebKit/`; Gecko does not say `AppleWebKit/`.
 */
export function understandsManifestSrc(userAgent: string | undefined): boolean {
  if (!userAgent || !/\bAppleWebKit\//.test(userAgent)) return true;
  return /\b(?:Chrome|Chromium|HeadlessChrome)\//.test(userAgent);
}

/** The policy without its `manifest-src` directive. */
export function withoutManifestSrc(policy: string): string {
  return policy
    .split(';')
    .filter((directive) => !/^\s*manifest-src\b/i.test(directive))
    .join(';');
}

export function securityHeaders(settings: SecuritySettings): MiddlewareHandler {
  return async (c, next) => {
    await next();
    setHeaders(c, securityHeaderValues(c, settings), false);
  };
}

/** Sets `values` (only the missing ones unless `replace`), copying a response whose headers are immutable. */
function setHeaders(c: Context, values: Record<string, string>, replace: boolean) {
  const apply = (headers: Headers) => {
    for (const [name, value] of Object.entries(values)) if (replace || !headers.has(name)) headers.set(name, value);
  };
  try {
    apply(c.res.headers);
  } catch {
    // A fetch() result passed through: copy it once.
    c.res = new Response(c.res.body, c.res);
    apply(c.res.headers);
  }
}

/** The policy as the requesting engine understands it; mounted before the page cache, so cached pages too. */
export function policyForEngine(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (understandsManifestSrc(c.req.header('user-agent'))) return;
    const policy = c.res.headers.get('Content-Security-Policy');
    const adapted = policy && withoutManifestSrc(policy);
    if (adapted && adapted !== policy) setHeaders(c, { 'Content-Security-Policy': adapted }, true);
  };
}
