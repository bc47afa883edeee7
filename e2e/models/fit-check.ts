/**
 * What "fits" means to a visitor, measured in the page: no text box whose content is wider (or, when it
 * hides the rest, taller) than the box, no text cut off by an ancestor that clips without scrolling, no input
 * whose placeholder is cut, and no button or tab whose label breaks onto a second line. Runs inside the page
 * (`page.evaluate(findMisfits, scope)`), so it reads the layout the browser really made.
 *
 * Deliberate truncation is allowed where the style says so (`text-overflow: ellipsis`, `-webkit-line-clamp`),
 * as are scroll containers (their content is reachable) and visually hidden text for screen readers.
 */
import type { Page } from 'playwright-core';

export interface FitScope {
  /** Only elements inside this selector (e.g. the open dialog); the whole body when absent. */
  within?: string;
}

export function findMisfits(scope: FitScope): string[] {
  const TOLERANCE = 1;
  const problems: string[] = [];
  const root = scope.within ? document.querySelector(scope.within) : document.body;
  if (!root) return [`nothing matches ${scope.within}`];

  const label = (element: Element) => {
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 48);
    const name = element.tagName.toLowerCase();
    const placeholder = element.getAttribute('placeholder');
    return `<${name}> "${text || placeholder || element.getAttribute('aria-label') || ''}"`;
  };
  // Remembered per element: the walk up the ancestors would otherwise repeat for every text box.
  const hidden = new Map<Element, boolean>();
  const hiddenOnPurpose = (element: Element | null): boolean => {
    if (!element) return false;
    const known = hidden.get(element);
    if (known !== undefined) return known;
    const style = getComputedStyle(element);
    const tiny = () => element.getBoundingClientRect().width <= 2;
    const result =
      style.display === 'none' ||
      style.visibility === 'hidden' ||
      style.opacity === '0' ||
      (style.clip !== 'auto' && style.clip !== '') ||
      (style.clipPath !== 'none' && tiny()) ||
      (element.getAttribute('aria-hidden') === 'true' && tiny()) ||
      hiddenOnPurpose(element.parentElement);
    hidden.set(element, result);
    return result;
  };
  const truncatesOnPurpose = (style: CSSStyleDeclaration) =>
    style.textOverflow === 'ellipsis' || (style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '');
  const scrolls = (value: string) => value === 'auto' || value === 'scroll';
  const clips = (value: string) => value === 'hidden' || value === 'clip';
  const ownText = (element: Element) =>
    [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());

  // A link drawn as a button (a filled or outlined pill) counts as a button.
  const looksLikeButton = (element: Element) => {
    const style = getComputedStyle(element);
    const filled = style.backgroundColor !== 'rgba(0, 0, 0, 0)' && style.backgroundColor !== 'transparent';
    const outlined = Number.parseFloat(style.borderTopWidth) > 0 && Number.parseFloat(style.borderRadius) > 0;
    return (filled || outlined) && Number.parseFloat(style.paddingLeft) > 0;
  };
  const controlOf = (element: Element): Element | null => {
    const control = element.closest('button, [role="tab"], [role="button"]');
    if (control) return control;
    const link = element.closest('a');
    return link && looksLikeButton(link) ? link : null;
  };

  const elements = [root, ...root.querySelectorAll('*')];
  for (const element of elements) {
    if (!(element instanceof HTMLElement)) continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const texts = ownText(element);
    const isField = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
    if (!texts.length && !isField) continue;
    if (hiddenOnPurpose(element)) continue;
    const style = getComputedStyle(element);

    // 1. The text box itself: its content is wider than it (or taller, when the rest is hidden).
    if (style.display !== 'inline' && !truncatesOnPurpose(style) && !scrolls(style.overflowX)) {
      if (element.scrollWidth > element.clientWidth + TOLERANCE && !isField) {
        problems.push(`${label(element)} overflows its box (${element.scrollWidth} > ${element.clientWidth} px)`);
      }
      if (clips(style.overflowY) && element.scrollHeight > element.clientHeight + TOLERANCE && !isField) {
        problems.push(`${label(element)} is cut at the bottom (${element.scrollHeight} > ${element.clientHeight} px)`);
      }
    }

    // 2. A placeholder wider than the field's content box is cut ("Please enter the verification cc").
    if (isField && element.placeholder && !element.value) {
      const canvas = document.createElement('canvas').getContext('2d');
      if (canvas) {
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const needed = canvas.measureText(element.placeholder).width;
        const available =
          element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        if (needed > available + TOLERANCE) {
          problems.push(`${label(element)} placeholder is cut (${Math.ceil(needed)} > ${Math.floor(available)} px)`);
        }
      }
    }

    // 3. Text cut off by an ancestor that clips without scrolling (a card, a dialog, a fixed-height panel).
    for (const node of texts) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      if (text.width === 0) continue;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const parentStyle = getComputedStyle(parent);
        if (scrolls(parentStyle.overflowX) || scrolls(parentStyle.overflowY)) break;
        if (!clips(parentStyle.overflowX) && !clips(parentStyle.overflowY)) continue;
        const frame = parent.getBoundingClientRect();
        const outside =
          (clips(parentStyle.overflowX) &&
            (text.left < frame.left - TOLERANCE || text.right > frame.right + TOLERANCE)) ||
          (clips(parentStyle.overflowY) &&
            (text.top < frame.top - TOLERANCE || text.bottom > frame.bottom + TOLERANCE));
        if (outside && !truncatesOnPurpose(style)) {
          problems.push(
            `${label(element)} is clipped by ${label(parent).slice(0, 24)}… (text ${Math.round(text.left)}–${Math.round(text.right)} × ${Math.round(text.top)}–${Math.round(text.bottom)}, frame ${Math.round(frame.left)}–${Math.round(frame.right)} × ${Math.round(frame.top)}–${Math.round(frame.bottom)})`,
          );
        }
        break;
      }
    }

    // 4. A button's or tab's label on two lines (counted per text run, so an icon or a sub-line does not count).
    const control = controlOf(element);
    if (control && !hiddenOnPurpose(control)) {
      for (const node of texts) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set<number>();
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top / 4));
        if (tops.size > 1) problems.push(`${label(control)} wraps onto ${tops.size} lines`);
      }
    }
  }
  return [...new Set(problems)];
}

/** The misfits of the page (or of `within`), as lines naming the element and the measure. */
export function misfits(page: Page, within?: string): Promise<string[]> {
  return page.evaluate(findMisfits, { within });
}

/**
 * A layer of fixed size (docs/product.md#constants) shows all it holds: nothing inside it scrolls (a scrolling body hides what
 * lies below its fold, such as a note under a button or the video under a notice) and no visible text lies
 * outside its box.
 */
export function findLayerOverflow(within: string): string[] {
  const TOLERANCE = 1;
  const problems: string[] = [];
  const root = document.querySelector(within);
  if (!root) return [`nothing matches ${within}`];
  const frame = root.getBoundingClientRect();
  const name = (element: Element) =>
    `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}"`;
  const hiddenOnPurpose = (element: Element | null): boolean => {
    for (let node = element; node && node !== root; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden') return true;
      if ((style.clip !== 'auto' && style.clip !== '') || node.getBoundingClientRect().width <= 2) return true;
    }
    return false;
  };
  for (const element of [root, ...root.querySelectorAll('*')]) {
    const style = getComputedStyle(element);
    const scrolls = /auto|scroll/.test(style.overflowY);
    if (scrolls && element.scrollHeight > element.clientHeight + TOLERANCE) {
      problems.push(
        `${name(element).slice(0, 30)}… scrolls (${element.scrollHeight} px of content in ${element.clientHeight})`,
      );
    }
  }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim() || hiddenOnPurpose(node.parentElement)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.top < frame.top - TOLERANCE || box.bottom > frame.bottom + TOLERANCE) {
      problems.push(
        `"${node.textContent.trim().slice(0, 40)}" lies outside the layer (${Math.round(box.top)}–${Math.round(box.bottom)}, layer ${Math.round(frame.top)}–${Math.round(frame.bottom)})`,
      );
    }
  }
  return problems;
}

/** The layer's overflow (see findLayerOverflow), as lines naming the element and the measure. */
export function layerOverflow(page: Page, within: string): Promise<string[]> {
  return page.evaluate(findLayerOverflow, within);
}
