/**
 * The portal environment: which brand and edition a request is for and what device asks. The server computes
 * it from the request (Host, User-Agent, settings) and writes it into the page; the client reads it back
 * (src/lib/portal-env.ts), so server and client render the same thing.
 */
import type { BrandId, Edition } from './brand';
import type { Platform } from './device';

export type { Edition };

export interface PortalEnv {
  brandId: BrandId;
  edition: Edition;
  isMobile: boolean;
  platform: Platform;
  /** Where the workbench lives (login success and "go to workbench" go here). */
  workbenchUrl: string;
  /** The current year on the server, so the footer's copyright line hydrates without mismatch. */
  year: number;
  /** Where this brand's Windows client and dedicated browser download from; absent or null: not available yet. */
  downloads?: { client: string | null; pluginBrowser: string | null };
}
