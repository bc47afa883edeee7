/**
 * The attribution parameters of docs/product.md#data: read from the landing page's query, kept in the browser and sent
 * with the registration as `registeInfo` (shared/contract/accounts.ts builds its schema from this list). No zod
 * here, so the browser may import it at run time.
 */
export const ATTRIBUTION_PARAMS = [
  'urlCode',
  'e_keywordid',
  'searchEngineWord',
  'utm_term',
  'bd_vid',
  'qhclickid',
] as const;
export type AttributionParam = (typeof ATTRIBUTION_PARAMS)[number];
