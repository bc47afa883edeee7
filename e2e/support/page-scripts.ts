/**
 * Scripts installed in pages before any of their own code runs (`page.addInitScript`).
 */

/**
 * Records every change of the loading bar's visibility (any [role=progressbar] with a box, not hidden by
 * display, visibility or opacity) with its time, from a MutationObserver and every animation frame, so a bar
 * that flashes for one frame is still caught. Read it with `readProgressLog(page)`.
 */
export function recordProgressBar() {
  const log: { visible: boolean; at: number }[] = [];
  let visible = false;
  const shown = () =>
    Array.from(document.querySelectorAll('[role="progressbar"]')).some((element) => {
      const box = element.getBoundingClientRect();
      if (box.width <= 0 || box.height <= 0 || element.closest('[aria-hidden="true"]')) return false;
      return element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    });
  const check = () => {
    const now = shown();
    if (now === visible) return;
    visible = now;
    log.push({ visible, at: Date.now() });
  };
  (window as unknown as { __progressLog: typeof log }).__progressLog = log;
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  const frame = () => {
    check();
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** Pretends the visitor turned data saver on, which turns off the idle prefetch of links (docs/product.md#constants). */
export function turnOnDataSaver() {
  Object.defineProperty(Navigator.prototype, 'connection', {
    configurable: true,
    get: () => ({ saveData: true, effectiveType: '4g', addEventListener() {}, removeEventListener() {} }),
  });
}
