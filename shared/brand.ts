/**
 * Everything that differs between the two brands that share the site (docs/product.md#what-it-does-and-for-whom, #data, #constants) lives here, in one
 * typed table. Components read the active brand from the portal environment (`usePortalEnv().brand`) and
 * never branch on the brand id themselves. What only a brand's owner can supply (outside links, contact codes,
 * phone, e-mail, partners, testimonials) is apart, in ./brand-contents.ts.
 */
import type { Locale } from './locale';

export type BrandId = 'starreach' | 'creatorbox';

/** The regional edition hides Operation Center and swaps the help link (docs/product.md#what-it-does-and-for-whom). */
export type Edition = 'main' | 'regional';

type Localized = Record<Locale, string>;

/**
 * The files this site ships itself. The Windows client installer and the dedicated browser are built elsewhere:
 * their addresses are deployment settings (CLIENT_DOWNLOAD_URL, BROWSER_DOWNLOAD_URL, and _2 for brand 2) that
 * reach the pages through the portal environment; without one the button shows the spec's "dev..." state.
 */
export interface Downloads {
  /** Tutorial video shown in the client-download layer. */
  clientVideo: string;
  /** Plug-in package (zip, unpacked extension). */
  plugin: string;
  /** Tutorial video shown in the plug-in download layer. */
  pluginVideo: string;
}

export interface Brand {
  id: BrandId;
  name: Localized;
  /** Short slogan used in titles and the home banner. */
  slogan: Localized;
  /** Logo (SVG) per language: the wordmark reads as the brand's name does on the page (星达通 / StarReach); and
   * its square mark for small places. */
  logo: Localized;
  mark: string;
  companyName: Localized;
  /** ICP filing number shown in the footer; links to the national filing site. */
  filingNumber: string;
  downloads: Downloads;
  /** Tenant constants (docs/product.md#data). */
  tenantId: 14 | 51;
  appId: string;
  appName: string;
  /** Query key that carries an invite code on this brand's links. */
  inviteQueryKey: string;
  /** Brand 1 shows a company blurb and an address in the footer (its phone line is `phone` of brand-contents.ts); brand 2 shows none. */
  footerContact?: { blurb: Localized; address: Localized };
  /** Accent colour for the brand (buttons, highlights). */
  accent: string;
}

export const brands: Record<BrandId, Brand> = {
  starreach: {
    id: 'starreach',
    name: { zh: '星达通', en: 'StarReach' },
    slogan: { zh: '跨境达人建联工具', en: 'Creator outreach for cross-border sellers' },
    logo: { zh: '/brand/starreach/logo-zh.svg', en: '/brand/starreach/logo.svg' },
    mark: '/brand/starreach/mark.svg',
    companyName: { zh: '广州星达通网络科技有限公司', en: 'Guangzhou StarReach Network Technology Co., Ltd.' },
    filingNumber: '粤ICP备2020086421号-1',
    downloads: {
      clientVideo: '/media/starreach-client-tutorial.mp4',
      plugin: '/downloads/starreach/starreach-plugin-v1.0.5.zip',
      pluginVideo: '/media/starreach-plugin-tutorial.mp4',
    },
    tenantId: 14,
    appId: 'sr-web-2020',
    appName: 'starreach',
    inviteQueryKey: 'inviteCode',
    footerContact: {
      blurb: {
        zh: '星达通专注于短视频电商达人建联，为跨境卖家提供批量邀约、私信、邮件与达人管理的一站式工具。',
        en: 'StarReach focuses on creator outreach for short-video commerce, giving cross-border sellers one tool for bulk invitations, messages, email and creator management.',
      },
      address: {
        zh: '广州市天河区珠江新城华夏路 16 号 28 楼',
        en: '28/F, 16 Huaxia Road, Zhujiang New Town, Tianhe District, Guangzhou',
      },
    },
    accent: '#ff3b5c',
  },
  creatorbox: {
    id: 'creatorbox',
    name: { zh: '达人宝', en: 'CreatorBox' },
    slogan: { zh: '短视频电商达人营销助手', en: 'The creator marketing assistant for short-video commerce' },
    logo: { zh: '/brand/creatorbox/logo-zh.svg', en: '/brand/creatorbox/logo.svg' },
    mark: '/brand/creatorbox/mark.svg',
    companyName: { zh: '广州达人宝信息技术有限公司', en: 'Guangzhou CreatorBox Information Technology Co., Ltd.' },
    filingNumber: '粤ICP备2021032758号-2',
    downloads: {
      clientVideo: '/media/creatorbox-client-tutorial.mp4',
      plugin: '/downloads/creatorbox/creatorbox-plugin-v1.0.5.zip',
      pluginVideo: '/media/creatorbox-plugin-tutorial.mp4',
    },
    tenantId: 51,
    appId: 'cb-web-2021',
    appName: 'creatorbox',
    inviteQueryKey: 'invite_code',
    accent: '#2f6bff',
  },
};

/** Channel ids and the client id named in docs/product.md#data. */
export const CHANNEL_IDS = { web: 2, plugin: 6, client: 32 } as const;
export const CLIENT_ID = 'morestores';

/** The plug-in version shown in the download layer (docs/product.md#what-it-does-and-for-whom, #constants). */
export const PLUGIN_VERSION = 'v1.0.5';

export interface BrandSelection {
  /** A host name containing this marker selects brand 2. */
  brand2HostMarker: string;
  /** A request on this port selects brand 2. */
  brand2Port: number;
}

export const defaultBrandSelection: BrandSelection = { brand2HostMarker: 'creatorbox', brand2Port: 3031 };

/**
 * Brand 2 is chosen by a host name containing the marker or by port 3031 (docs/product.md#what-it-does-and-for-whom); otherwise brand 1.
 * `host` is a Host header or `location.host` (name with optional port).
 */
export function resolveBrandId(host: string, selection: BrandSelection = defaultBrandSelection): BrandId {
  const lower = host.toLowerCase();
  const portMatch = /:(\d+)$/.exec(lower);
  const hostname = portMatch ? lower.slice(0, portMatch.index) : lower;
  if (selection.brand2HostMarker && hostname.includes(selection.brand2HostMarker.toLowerCase())) return 'creatorbox';
  if (portMatch && Number(portMatch[1]) === selection.brand2Port) return 'creatorbox';
  return 'starreach';
}

/** A brand's copy of a shared illustration (scripts/brand-art.ts draws it in the brand's accent colours). */
export function brandArt(brandId: BrandId, name: string): string {
  return `/brand/${brandId}/art/${name}.svg`;
}

/**
 * The tutorial videos of the download layers; each has a poster per brand and language (scripts/make-posters.ts
 * draws them). The home page's intro is a tour of the workbench with a picture of it as its poster (introVideo).
 */
export const POSTER_VIDEOS = ['client-tutorial', 'plugin-tutorial'] as const;
export type PosterVideo = (typeof POSTER_VIDEOS)[number];

/** The poster of one of the brand's videos in the page's language. */
export function videoPoster(brandId: BrandId, video: PosterVideo, locale: Locale): string {
  return `/brand/${brandId}/posters/${video}.${locale}.svg`;
}

/** The ten features of docs/product.md#what-it-does-and-for-whom, in the spec's order (the home page's feature tabs; one workbench picture each). */
export const FEATURE_IDS = [
  'invite',
  'database',
  'materials',
  'email',
  'ai-reply',
  'buyer-message',
  'competitor',
  'plan',
  'crm',
  'multistore',
] as const;
export type FeatureId = (typeof FEATURE_IDS)[number];

/**
 * The pictures of the workbench (scripts/make-workbench.ts draws them from an HTML page of the workbench): the
 * hero's poster and one per feature, per brand and language, as WebP in the widths listed here.
 */
export const WORKBENCH_PICTURES = {
  hero: { width: 960, height: 540, widths: [960] },
  feature: { width: 560, height: 360, widths: [560, 1120] },
} as const;

export function workbenchPicture(brandId: BrandId, name: 'hero' | FeatureId, locale: Locale, width: number): string {
  return `/brand/${brandId}/workbench/${name}.${locale}.${width}.webp`;
}

/** The intro video: a short tour of the workbench in the page's language (scripts/make-workbench.ts records it). */
export function introVideo(brandId: BrandId, locale: Locale): string {
  return `/media/${brandId}-tour.${locale}.mp4`;
}

/** The brand's share image: the picture of its social cards (Open Graph, Twitter), drawn by make-share-images.ts. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;
export const shareImagePath = (brandId: BrandId) => `/brand/${brandId}/share.png`;
