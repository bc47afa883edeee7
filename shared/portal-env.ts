/**
 * The portal environment: which brand and edition a request is for and what device asks. The server computes
 * it from the request (Host, User-Agent, settings) and writes it into the page; the client reads it back
 * (src/lib/portal-env.ts), so server and client render the same thing.
 */
import type { BrandId, Edition } from './brand';
import type { QrCode } from './contract/scan-login';
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
  /**
   * The request carried the session cookie (`Authorization`), which is what "logged in" means in the browser
   * (docs/product.md#states): the header renders the logged-in user widget at first paint. The user's name is not known here.
   */
  signedIn?: true;
  /** The stand-ins are allowed (server setting STANDINS): the pages offer the simulator as a labelled demo aid. */
  demo?: true;
  /** Page-view analytics and ad conversions of this brand; absent when none is configured (the default). */
  analytics?: AnalyticsConfig;
  /** The server's answer to a form posted without the page's script (server/pages/form-posts.ts); absent on a GET. */
  formAnswer?: FormAnswer;
  /** /scan_code: the login QR code made for this page view (server/pages/scan-ticket.ts); the app polls it. */
  scanCode?: QrCode;
  /** The landing after sign-in: the signed-in seller as the server found them (server/workbench/); never stored. */
  seller?: SellerLanding;
}

/** Who the landing after sign-in greets, and their trial (registration + the trial's days, server/accounts/users.ts). */
export interface SellerLanding {
  name: string;
  /** ISO time the trial ends. */
  trialEndsAt: string;
  /** Whole days left, counted up (a part of a day is a day); 0 when the trial has ended. */
  trialDaysLeft: number;
}

/** The auth forms a page posts to itself (the `intent` field of each form). */
export type FormIntent = 'login' | 'register' | 'reset';

/**
 * A form the server refused: the values as sent (never the password), each field's message and a message for
 * the whole form, in the page's language. The form renders with them, and hydrates with them too.
 */
export interface FormAnswer {
  intent: FormIntent;
  values: Record<string, string>;
  errors: Record<string, string>;
  notice?: string;
}

/** The session cookie (docs/product.md#data): its presence is the logged-in state, on the server as in the browser. */
export const AUTH_COOKIE = 'Authorization';
/** How long the session cookie lasts, set by the app (src/app/session-runtime.ts) or by a form post's answer. */
export const AUTH_COOKIE_DAYS = 7;

/** The ad click ids of `registeInfo` (docs/product.md#data) that a registration reports back to their ad platform. */
export const CLICK_ID_PARAMS = ['bd_vid', 'qhclickid'] as const;
export type ClickIdParam = (typeof CLICK_ID_PARAMS)[number];

/**
 * What the browser needs to measure visits and report registrations, per brand, from the
 * server's settings: a page-view analytics script (Baidu Tongji style, with its `_hmt` command queue) and, per
 * click id, the ad platform's conversion address with `{clickId}` where the id goes.
 */
export interface AnalyticsConfig {
  /** The analytics script's full URL (site id included); null: no page-view analytics. */
  script: string | null;
  conversions: { param: ClickIdParam; url: string }[];
}
