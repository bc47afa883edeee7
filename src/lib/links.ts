/**
 * Links of the header, footer and side bar (docs/product.md#pages) that are the same for both brands. The help and
 * operation centres and the friendly links belong to a brand's owner (shared/brand-contents.ts).
 */
/** The national ICP filing site the copyright line links to. */
export const FILING_SITE_URL = 'https://beian.miit.gov.cn/';

export const WORKBENCH_HOME = '/workbench/function_introduction';
