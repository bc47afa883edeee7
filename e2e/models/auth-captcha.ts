/**
 * The slider captcha dialog as a visitor uses it: dragging the handle with the mouse, or the
 * keyboard alternative (focus the handle, arrow keys, Enter). Where to put the piece comes from the server's
 * solver applied to the pictures the page received (e2e/support/captcha.ts).
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { gapOf, type Puzzle, PuzzleWatcher } from '../support/captcha';
import { eventually } from '../support/wait';

export const CAPTCHA_NAMES = {
  dialog: /^(安全验证|Security check)$/,
  slider: /拼图滑块|Puzzle slider/,
  background: /^(拼图背景，带一个缺口|Puzzle picture with a gap)$/,
} as const;

export class SliderCaptchaDialog {
  private readonly puzzles: PuzzleWatcher;

  constructor(readonly page: Page) {
    this.puzzles = new PuzzleWatcher(page);
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: CAPTCHA_NAMES.dialog });
  }

  get slider(): Locator {
    return this.dialog.getByRole('slider', { name: CAPTCHA_NAMES.slider });
  }

  /** Waits until the dialog shows a puzzle the handle can move, and returns that puzzle. */
  async ready(): Promise<Puzzle> {
    await this.dialog.waitFor({ state: 'visible' });
    return eventually(async () => {
      assert.equal(await this.slider.getAttribute('tabindex'), '0', 'the handle can be moved');
      const shown = await this.dialog.getByRole('img', { name: CAPTCHA_NAMES.background }).getAttribute('src');
      const puzzle = shown ? this.puzzles.find(shown) : undefined;
      assert.ok(puzzle, 'the page received the puzzle it shows');
      return puzzle;
    });
  }

  /** Drags the handle with the mouse to the gap and lets go; returns the gap's x in image pixels. */
  async solveByDragging(): Promise<number> {
    const puzzle = await this.ready();
    const gap = gapOf(puzzle);
    const handle = await this.slider.boundingBox();
    const track = await this.slider.locator('..').boundingBox();
    assert.ok(handle && track, 'the handle and its track are on screen');
    // The picture may be shown smaller or larger than its pixels: the track is as wide as the picture.
    const perImagePixel = track.width / puzzle.width;
    const y = handle.y + handle.height / 2;
    const start = handle.x + handle.width / 2;
    await this.page.mouse.move(start, y);
    await this.page.mouse.down();
    await this.page.mouse.move(start + (gap * perImagePixel) / 2, y + 1, { steps: 6 });
    await this.page.mouse.move(start + gap * perImagePixel, y, { steps: 6 });
    const shown = Number(await this.slider.getAttribute('aria-valuenow'));
    assert.ok(Math.abs(shown - gap) <= 1, `the handle followed the mouse to ${gap} (it says ${shown})`);
    await this.page.mouse.up();
    return gap;
  }

  /** Moves the handle with the keyboard (Shift+arrow 10 px, arrow 1 px) to the gap and presses Enter. */
  async solveByKeyboard(): Promise<number> {
    const puzzle = await this.ready();
    const gap = gapOf(puzzle);
    await this.slider.focus();
    for (let i = 0; i < Math.floor(gap / 10); i++) await this.page.keyboard.press('Shift+ArrowRight');
    // One too far and back: the left arrow works too.
    for (let i = 0; i < (gap % 10) + 1; i++) await this.page.keyboard.press('ArrowRight');
    await this.page.keyboard.press('ArrowLeft');
    assert.equal(await this.slider.getAttribute('aria-valuenow'), String(gap), 'the handle is at the gap');
    await this.page.keyboard.press('Enter');
    return gap;
  }

  /** The dialog closes by itself once the server accepted the position. */
  async waitPassed(): Promise<void> {
    await this.dialog.waitFor({ state: 'hidden', timeout: 10_000 });
  }
}
