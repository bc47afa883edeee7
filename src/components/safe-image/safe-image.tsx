/**
 * An image that disappears when it cannot load: a missing image logs a warning and shows nothing (docs/product.md#errors-and-messages).
 * An image that already failed before hydration (the server sent it, the browser tried it) is caught on mount.
 */
import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';

export type SafeImageProps = ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string };

export function SafeImage({ onError, ...props }: SafeImageProps) {
  const [missing, setMissing] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  const fail = () => {
    console.warn(`[image] could not load ${props.src}`);
    setMissing(true);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once, for images that failed before hydration
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) fail();
  }, []);

  if (missing) return null;
  return (
    // biome-ignore lint/a11y/useAltText: alt is a required prop and is passed through
    <img
      ref={ref}
      {...props}
      onError={(event) => {
        fail();
        onError?.(event);
      }}
    />
  );
}
