/**
 * External links of the header, footer and side bar (docs/product.md#pages) that are the same for both brands. The help and
 * operation centres belong to a brand (`Brand.helpCenter`, `Brand.operationCenter` in brand.ts).
 */
/** The national ICP filing site the copyright line links to. */
export const FILING_SITE_URL = 'https://beian.miit.gov.cn/';

export const WORKBENCH_HOME = '/workbench/function_introduction';

export interface FriendlyLink {
  id: string;
  href: string;
}

/** The friendly links row: two marketplace data sites, an anti-detect browser, account opening, cloud computer. */
export const FRIENDLY_LINKS: FriendlyLink[] = [
  { id: 'data1', href: 'https://www.fastmoss.example/' },
  { id: 'data2', href: 'https://www.kalodata.example/' },
  { id: 'browser', href: 'https://www.antidetect.example/register' },
  { id: 'account', href: 'https://www.shopopen.example/' },
  { id: 'cloud', href: 'https://www.cloudpc.example/' },
];
