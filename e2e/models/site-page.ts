/**
 * The parts every page shares (docs/product.md#pages "Layout"): header, footer, side bar, language switcher and the
 * dialogs they open, located by role and accessible name only.
 */
import type { Locator, Page } from 'playwright-core';
import { eventually, sleep } from '../support/wait';
import { DIALOG_TITLES, type DialogKind, NAMES } from './names';

export class SitePage {
  constructor(readonly page: Page) {}

  /** Loads a path and waits until the page is hydrated and quiet (network idle, then 500 ms). */
  async goto(path: string): Promise<void> {
    await this.page.goto(path, { waitUntil: 'networkidle' });
    await sleep(500);
  }

  get header(): Locator {
    return this.page.getByRole('banner');
  }

  get footer(): Locator {
    return this.page.getByRole('contentinfo');
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  /** Something to click (a button or a link) with this name inside `scope`. */
  clickable(scope: Locator | Page, name: RegExp | string): Locator {
    return scope.getByRole('button', { name }).or(scope.getByRole('link', { name })).first();
  }

  headerEntry(name: keyof typeof NAMES): Locator {
    return this.clickable(this.header, NAMES[name]);
  }

  footerEntry(name: keyof typeof NAMES): Locator {
    return this.clickable(this.footer, NAMES[name]);
  }

  /** The floating side bar's "contact consultant" item (it is neither header nor footer). */
  get contactConsultant(): Locator {
    return this.page.getByRole('button', { name: NAMES.contactConsultant }).first();
  }

  /** The header logo (an image whose alt text names the brand). */
  logo(brandName: string | RegExp): Locator {
    return this.header.getByRole('img', { name: brandName }).first();
  }

  /** The open dialog of a kind, by role and title. */
  dialog(kind: DialogKind): Locator {
    return this.page.getByRole('dialog', { name: DIALOG_TITLES[kind] });
  }

  /** Whatever dialog is open. */
  get anyDialog(): Locator {
    return this.page.getByRole('dialog');
  }

  closeButton(dialog: Locator): Locator {
    return dialog.getByRole('button', { name: NAMES.close }).first();
  }

  /** The visitor's pointer enters the page (over the header). */
  async pointAtPage(): Promise<void> {
    const box = await this.header.boundingBox();
    await this.page.mouse.move((box?.x ?? 0) + 10, (box?.y ?? 0) + 10);
  }

  get progressBar(): Locator {
    return this.page.getByRole('progressbar');
  }

  /**
   * Switches the language with the header's switcher, whatever its shape: a select, a pair of links or
   * buttons, or a button that opens a menu of languages.
   */
  async switchLanguage(target: 'zh' | 'en'): Promise<void> {
    const optionName = target === 'en' ? NAMES.english : NAMES.chinese;
    const scope = this.header;
    // The switcher renders in the browser only.
    await this.pointAtPage();
    await scope
      .getByRole('button', { name: NAMES.language })
      .or(scope.getByRole('link', { name: NAMES.language }))
      .first()
      .waitFor({ timeout: 10_000 });
    const select = scope.getByRole('combobox', { name: NAMES.language });
    if (await select.count()) {
      await select.first().selectOption({ label: target === 'en' ? 'English' : '中文' });
      return;
    }
    const direct = this.clickable(scope, optionName);
    if (await direct.isVisible()) {
      await direct.click();
      return;
    }
    await this.clickable(scope, NAMES.language).click();
    const option = this.page
      .getByRole('menuitem', { name: optionName })
      .or(this.page.getByRole('menuitemradio', { name: optionName }))
      .or(this.page.getByRole('option', { name: optionName }))
      .or(this.page.getByRole('link', { name: optionName }))
      .or(this.page.getByRole('button', { name: optionName }))
      .first();
    await option.click();
  }

  /** Waits until `locator` is (or is not) visible. */
  async waitVisible(locator: Locator, visible = true, timeout = 5000): Promise<void> {
    await locator.first().waitFor({ state: visible ? 'visible' : 'hidden', timeout });
  }

  async isFocused(locator: Locator): Promise<boolean> {
    return locator.evaluate(
      (element) => element === document.activeElement || element.contains(document.activeElement),
    );
  }

  async localStorageItem(key: string): Promise<string | null> {
    return this.page.evaluate((k) => window.localStorage.getItem(k), key);
  }

  async sessionStorageItem(key: string): Promise<string | null> {
    return this.page.evaluate((k) => window.sessionStorage.getItem(k), key);
  }

  /** The dialog's box once it has stopped moving (an opening animation may scale or slide it). */
  async dialogBox(dialog: Locator) {
    let previous = '';
    return eventually(
      async () => {
        const box = await dialog.boundingBox();
        if (!box) throw new Error('The dialog has no box (not visible).');
        const current = JSON.stringify(box);
        const settled = current === previous;
        previous = current;
        if (!settled) throw new Error(`The dialog is still moving: ${current}`);
        return box;
      },
      { interval: 150 },
    );
  }
}
