/** The messaging platform as the scan login sees it: the built-in simulator or the platform API (./platform.ts). */
import type { BrandId } from '../../../shared/brand';

export interface CreateQrInput {
  brandId: BrandId;
  tenantId: number;
  /** The scene value: public, travels in the QR code and comes back in the platform's scan event. */
  scene: string;
  ttlSeconds: number;
  /** Origin of the request that asked for the code (e.g. http://localhost:3030), for the simulator's address. */
  origin: string;
  language: 'zh' | 'en';
}

export interface CreatedQr {
  /** What the QR code encodes. */
  url: string;
  /** Seconds the platform keeps the code valid (at most ttlSeconds). */
  expiresIn: number;
}

/** The official account's web authorisation (OAuth2, scope snsapi_base) started inside WeChat's browser. */
export interface OAuthStartInput {
  brandId: BrandId;
  /** Where the platform sends the browser back with `code` and `state` (this server's /wx/oauth/callback). */
  redirectUri: string;
  state: string;
  /** Origin of the request that started it (the simulator's authorise page is on this server). */
  origin: string;
  language: 'zh' | 'en';
}

export interface MessagingProvider {
  kind: 'simulator' | 'platform';
  createQr(input: CreateQrInput): Promise<CreatedQr>;
  /** The authorise page's address the browser is sent to (absent: no web authorisation, e.g. a test's fake). */
  oauthAuthorizeUrl?(input: OAuthStartInput): string;
  /** The open id a `code` from the authorise page stands for (the code is exchanged once). */
  oauthOpenId?(brandId: BrandId, code: string): Promise<string>;
  /** The token the platform signs its webhook calls with, for this tenant's official account. */
  webhookToken(tenantId: number): Promise<string>;
}
