/**
 * The global layer and the document modal, mounted once by the desktop layout. Until the layers land these
 * render nothing.
 */
export function GlobalLayer() {
  return null;
}

export function DocumentModal() {
  return null;
}
