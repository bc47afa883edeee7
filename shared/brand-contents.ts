/**
 * What only a brand's owner can supply, per brand, in this one table: the outside links (help and operation
 * centres, the friendly links), the contact QR codes, the service phone and e-mail, partner logos and seller
 * testimonials. A typed table rather than a YAML file: a missing language or a misspelt entry fails the type
 * check, and the pages and the server read the same module without a parser (a change ships with the next build).
 *
 * An entry left `null` (or an empty list) is shown nowhere: no placeholder address or made-up contact ever reaches
 * a seller. The help centre then falls back to the site's own Q&A section (`helpCenterLink`). A production start
 * logs, per brand, which entries are still unset (`unsetBrandContents`, server/ops/brand-contents-log.ts).
 *
 * Files a brand owner supplies (QR codes, partner logos, seller avatars) go under public/brand/<brand id>/ and are
 * named here by their path.
 */
import type { BrandId, Edition } from './brand';
import { type Locale, localizePath } from './locale';

type Localized = Record<Locale, string>;

/** The friendly links row of the footer (docs/product.md#pages "Footer"), in the spec's order. */
export const FRIENDLY_LINK_KINDS = [
  'marketData1',
  'marketData2',
  'antidetectBrowser',
  'accountOpening',
  'cloudComputer',
] as const;
export type FriendlyLinkKind = (typeof FRIENDLY_LINK_KINDS)[number];

export interface FriendlyLink {
  name: Localized;
  href: string;
}

export interface Partner {
  /** The partner's name (the logo's text alternative); brand names stay as they are in every language. */
  name: string;
  /** Logo file (SVG or PNG, shown 160×56). */
  logo: string;
}

/** A seller's word about the tool, shown on the home page and (the first one) on the login and register pages. */
export interface Testimonial {
  /** The seller who said it: the same name wherever the quote shows. */
  author: Localized;
  /** The seller's picture (48×48), or null for none. */
  avatar: string | null;
  /** The seller's shop (a brand name, the same in every language). */
  store: string;
  category: Localized;
  market: Localized;
  quote: Localized;
  /** The result in one line ("monthly creator partners from 30 to 210"). */
  result: Localized;
}

export interface BrandContents {
  /** The brand's help centre per edition (the regional edition swaps it); unset: the site's own Q&A section. */
  helpCenter: Record<Edition, string | null>;
  /** The operation centre (main edition only). */
  operationCenter: string | null;
  friendlyLinks: Record<FriendlyLinkKind, FriendlyLink | null>;
  /** The contact QR code of the customer-service layer (a WeChat / WeCom contact). */
  serviceQr: string | null;
  /** The QR code of the home page's "scan to add" block. */
  communityQr: string | null;
  /** The customer-service phone (footer, customer-service layer, legal texts). */
  phone: string | null;
  /** The customer-service e-mail address (footer, customer-service layer). */
  email: string | null;
  partners: Partner[];
  testimonials: Testimonial[];
}

const unset: BrandContents = {
  helpCenter: { main: null, regional: null },
  operationCenter: null,
  friendlyLinks: {
    marketData1: null,
    marketData2: null,
    antidetectBrowser: null,
    accountOpening: null,
    cloudComputer: null,
  },
  serviceQr: null,
  communityQr: null,
  phone: null,
  email: null,
  partners: [],
  testimonials: [],
};

/** Each brand's contents; fill an entry in to show it. */
export const brandContents: Record<BrandId, BrandContents> = {
  starreach: unset,
  creatorbox: unset,
};

/** The site's own Q&A section (docs/product.md#pages "The Q&A centre header entry links to /business-college/electricity"). */
export const QA_CENTER_PATH = '/business-college/electricity';

/**
 * Where "Help Center" goes: the brand's help centre for the edition, or the site's Q&A section (a path without
 * the language prefix; `helpCenterHref` gives it in the page's language).
 */
export function helpCenterLink(
  contents: Pick<BrandContents, 'helpCenter'>,
  edition: Edition,
): { external: true; href: string } | { external: false; path: string } {
  const href = contents.helpCenter[edition];
  return href ? { external: true, href } : { external: false, path: QA_CENTER_PATH };
}

/** The help centre's address as a link in a page of `locale` writes it. */
export function helpCenterHref(contents: Pick<BrandContents, 'helpCenter'>, edition: Edition, locale: Locale): string {
  const link = helpCenterLink(contents, edition);
  return link.external ? link.href : localizePath(link.path, locale);
}

/** Whether any way to reach customer service is set (the layer and the entries that open it show only then). */
export function hasServiceContact(contents: Pick<BrandContents, 'serviceQr' | 'phone' | 'email'>): boolean {
  return Boolean(contents.serviceQr || contents.phone || contents.email);
}

/** The names of the entries still unset (`friendlyLinks.cloudComputer`, `testimonials`…), for the start log. */
export function unsetBrandContents(contents: BrandContents): string[] {
  const missing: string[] = [];
  for (const edition of Object.keys(contents.helpCenter) as Edition[]) {
    if (!contents.helpCenter[edition]) missing.push(`helpCenter.${edition}`);
  }
  if (!contents.operationCenter) missing.push('operationCenter');
  for (const kind of FRIENDLY_LINK_KINDS) {
    if (!contents.friendlyLinks[kind]) missing.push(`friendlyLinks.${kind}`);
  }
  for (const key of ['serviceQr', 'communityQr', 'phone', 'email'] as const) {
    if (!contents[key]) missing.push(key);
  }
  if (contents.partners.length === 0) missing.push('partners');
  if (contents.testimonials.length === 0) missing.push('testimonials');
  return missing;
}
