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

export interface MessagingProvider {
  kind: 'simulator' | 'platform';
  createQr(input: CreateQrInput): Promise<CreatedQr>;
  /** The token the platform signs its webhook calls with, for this tenant's official account. */
  webhookToken(tenantId: number): Promise<string>;
}
