/**
 * The active brand's contents (shared/brand-contents.ts) for components. Tests, and a page that previews other
 * contents, provide them through `BrandContentsContext`; otherwise they come from the table.
 */
import { createContext, useContext } from 'react';
import { type BrandContents, brandContents } from '#shared/brand-contents';
import { usePortalEnv } from '~/lib/portal-env';

export const BrandContentsContext = createContext<BrandContents | null>(null);

export function useBrandContents(): BrandContents {
  const provided = useContext(BrandContentsContext);
  const { brandId } = usePortalEnv();
  return provided ?? brandContents[brandId];
}
