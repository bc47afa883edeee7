/**
 * An article's cover picture (a `/media/<id>.webp` the server resized to the article width): on the article its title
 * is its alt text; in a list, beside the linked title, it is decoration (alt="", not read twice). Its stored width
 * and height reserve the space before it loads. Nothing when the article has no cover.
 */
import type { ArticleCover } from '#shared/contract/college';

export function CoverImage({
  cover,
  title,
  className,
  lazy,
  decorative,
}: {
  cover: ArticleCover | null | undefined;
  title: string;
  className: string;
  /** Below the fold (lists): loaded when it comes near. The article's own cover loads at once. */
  lazy?: boolean;
  /** Beside the article's linked title (lists): no alt text of its own. */
  decorative?: boolean;
}) {
  if (!cover) return null;
  return (
    <img
      className={className}
      src={cover.url}
      alt={decorative ? '' : title}
      width={cover.width ?? undefined}
      height={cover.height ?? undefined}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
    />
  );
}
