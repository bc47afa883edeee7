/**
 * An article's cover picture (a `/media/<id>.webp` the server resized to the article width): its title is its alt
 * text, its stored width and height reserve the space before it loads. Nothing when the article has no cover.
 */
import type { ArticleCover } from '#shared/contract/college';

export function CoverImage({
  cover,
  title,
  className,
  lazy,
}: {
  cover: ArticleCover | null | undefined;
  title: string;
  className: string;
  /** Below the fold (lists): loaded when it comes near. The article's own cover loads at once. */
  lazy?: boolean;
}) {
  if (!cover) return null;
  return (
    <img
      className={className}
      src={cover.url}
      alt={title}
      width={cover.width ?? undefined}
      height={cover.height ?? undefined}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
    />
  );
}
