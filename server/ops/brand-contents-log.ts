/**
 * At a production start, one line per brand naming the contents its owner has not supplied yet
 * (shared/brand-contents.ts): each of them is hidden from the pages until it is set.
 */
import type { Logger } from 'pino';
import { type BrandId, brands } from '../../shared/brand';
import { type BrandContents, brandContents, unsetBrandContents } from '../../shared/brand-contents';

export function logUnsetBrandContents(
  logger: Pick<Logger, 'info' | 'warn'>,
  contents: Record<BrandId, BrandContents> = brandContents,
): void {
  for (const brandId of Object.keys(brands) as BrandId[]) {
    const unset = unsetBrandContents(contents[brandId]);
    if (unset.length === 0) logger.info({ brand: brandId }, `Brand contents (${brandId}): all set.`);
    else
      logger.warn(
        { brand: brandId, unset },
        `Brand contents (${brandId}) still unset, hidden from the pages: ${unset.join(', ')} (shared/brand-contents.ts).`,
      );
  }
}
