/**
 * The global layers and the document modal (docs/product.md#pages "Global modal layers", #constants sizes): opened from the
 * header, footer and side bar; each is a titled dialog of the spec's size that closes with Escape and with
 * its close button, giving focus back to what opened it.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Locator } from 'playwright-core';
import { brands, PLUGIN_VERSION } from '../../shared/brand';
import { DIALOG_SIZES, type DialogKind, type NAMES } from '../models/names';
import { SitePage } from '../models/site-page';
import { browserForThisFile, pageTest } from '../support/browser';
import { USER_AGENTS } from '../support/env';
import { eventually } from '../support/wait';

const browser = browserForThisFile();
const brand = brands.starreach;
const SIZE_TOLERANCE = 2;

type Opener = { from: 'header' | 'footer' | 'side bar'; entry: keyof typeof NAMES; kind: DialogKind };

const OPENERS: Opener[] = [
  { from: 'header', entry: 'clientDownload', kind: 'clientDownload' },
  { from: 'header', entry: 'pluginDownload', kind: 'pluginDownload' },
  { from: 'footer', entry: 'clientDownload', kind: 'clientDownload' },
  { from: 'footer', entry: 'pluginDownload', kind: 'pluginDownload' },
  { from: 'side bar', entry: 'contactConsultant', kind: 'customerService' },
  { from: 'footer', entry: 'agreement', kind: 'agreement' },
  { from: 'footer', entry: 'privacy', kind: 'privacy' },
];

function trigger(site: SitePage, opener: Opener): Locator {
  if (opener.from === 'header') return site.headerEntry(opener.entry);
  if (opener.from === 'footer') return site.footerEntry(opener.entry);
  return site.contactConsultant;
}

async function open(site: SitePage, opener: Opener): Promise<{ button: Locator; dialog: Locator }> {
  const button = trigger(site, opener);
  await button.scrollIntoViewIfNeeded();
  await button.click();
  const dialog = site.dialog(opener.kind);
  await dialog.waitFor({ state: 'visible', timeout: 5000 });
  return { button, dialog };
}

async function assertClosedWithFocusBack(site: SitePage, dialog: Locator, button: Locator) {
  await dialog.waitFor({ state: 'hidden', timeout: 5000 });
  assert.equal(await site.anyDialog.count(), 0, 'no dialog is left open');
  await eventually(async () => assert.ok(await site.isFocused(button), 'focus returns to the control that opened it'));
}

for (const locale of ['zh', 'en'] as const) {
  describe(`layers in ${locale}`, () => {
    const home = locale === 'zh' ? '/' : '/en';

    for (const opener of OPENERS) {
      pageTest(`${opener.from} "${opener.entry}" opens the ${opener.kind} dialog`, browser, async ({ page }) => {
        const site = new SitePage(page);
        await site.goto(home);

        let { button, dialog } = await open(site, opener);
        assert.equal(await site.anyDialog.count(), 1, 'one dialog');
        const name = await dialog.evaluate((element) => {
          const labelledBy = element.getAttribute('aria-labelledby');
          return (labelledBy && document.getElementById(labelledBy)?.textContent) || element.getAttribute('aria-label');
        });
        assert.ok(name?.trim(), 'the dialog has a title');

        const box = await site.dialogBox(dialog);
        const size = DIALOG_SIZES[opener.kind];
        assert.ok(
          Math.abs(box.width - size.width) <= SIZE_TOLERANCE,
          `${opener.kind} is ${size.width} px wide (measured ${box.width})`,
        );
        if (size.height !== undefined) {
          assert.ok(
            Math.abs(box.height - size.height) <= SIZE_TOLERANCE,
            `${opener.kind} is ${size.height} px high (measured ${box.height})`,
          );
        }

        await page.keyboard.press('Escape');
        await assertClosedWithFocusBack(site, dialog, button);

        ({ button, dialog } = await open(site, opener));
        await site.closeButton(dialog).click();
        await assertClosedWithFocusBack(site, dialog, button);

        if (opener.kind === 'customerService') {
          assert.equal(await site.localStorageItem('isCustomerServiceShow'), 'false', 'closing is remembered');
        }
      });
    }
  });
}

describe('layer contents', () => {
  pageTest(
    'client download on a non-Windows computer explains the client is for Windows only',
    browser,
    async ({ page }) => {
      const site = new SitePage(page);
      await site.goto('/');
      const { dialog } = await open(site, { from: 'header', entry: 'clientDownload', kind: 'clientDownload' });
      const text = (await dialog.textContent()) ?? '';
      assert.match(text, /Windows/);
      assert.match(text, /仅|只|only/i, `the dialog says Windows only: "${text.replace(/\s+/g, ' ')}"`);
    },
    { userAgent: USER_AGENTS.mac },
  );

  pageTest(
    'client download on Windows shows the installer as "dev..." until its address is configured',
    browser,
    async ({ page }) => {
      const site = new SitePage(page);
      await site.goto('/');
      const { dialog } = await open(site, { from: 'header', entry: 'clientDownload', kind: 'clientDownload' });
      // The test server configures no installer address: the button is the spec's "dev..." placeholder.
      const pending = dialog.getByRole('button', { name: /dev\.\.\.$/ });
      assert.equal(await pending.isDisabled(), true, 'a disabled "dev..." button');
      assert.equal(await dialog.locator('a[href$=".exe"]').count(), 0, 'no link to a file that does not exist');
    },
    { userAgent: USER_AGENTS.windows },
  );

  pageTest('plug-in download shows the version, the package and 10 supported browsers', browser, async ({ page }) => {
    const site = new SitePage(page);
    await site.goto('/');
    const { dialog } = await open(site, { from: 'header', entry: 'pluginDownload', kind: 'pluginDownload' });
    assert.ok(((await dialog.textContent()) ?? '').includes(PLUGIN_VERSION), `the dialog shows ${PLUGIN_VERSION}`);
    const hrefs = await dialog.getByRole('link').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    assert.ok(hrefs.includes(brand.downloads.plugin), `a link to the package ${brand.downloads.plugin}`);
    const lists = dialog.getByRole('list');
    const itemCounts: number[] = [];
    for (let i = 0; i < (await lists.count()); i++) itemCounts.push(await lists.nth(i).getByRole('listitem').count());
    assert.ok(
      itemCounts.includes(10),
      `a list of 10 supported browsers (lists have ${JSON.stringify(itemCounts)} items)`,
    );
    // The browsers' icons load lazily (after the layer's first frame), and they do load: they are in view.
    await page.waitForFunction(
      () => {
        const icons = Array.from(document.querySelectorAll<HTMLImageElement>('[role="dialog"] li img'));
        return icons.length === 10 && icons.every((icon) => icon.complete && icon.naturalWidth > 0);
      },
      undefined,
      { timeout: 5000 },
    );
  });
});
