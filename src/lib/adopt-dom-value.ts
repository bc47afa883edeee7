import { useLayoutEffect } from 'react';

/**
 * A server-rendered field takes what is in it when it hydrates: what the visitor typed before the page's code
 * ran (or the browser restored or filled in). React keeps the DOM's value as it hydrates a controlled field,
 * but no change event follows, and the next render would put the field back to the state's value: the text
 * would vanish under the visitor's fingers. A layout effect runs in the same task as the hydration's commit,
 * before anything can render again. On a field mounted by the app the DOM holds the state's value: nothing to do.
 */
export function useAdoptDomValue<T extends { value: string }>(
  element: { current: T | null },
  value: string,
  onValue: (value: string) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the field hydrates or mounts
  useLayoutEffect(() => {
    const dom = element.current?.value;
    if (dom !== undefined && dom !== value) onValue(dom);
  }, []);
}
