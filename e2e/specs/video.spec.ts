/**
 * The home intro video (docs/product.md#pages "The video player toggles between playing and paused. A pause overlay button
 * shows when paused or ended."), driven as a visitor would and checked on the real <video> element.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { HomePage } from '../models/home-page';
import { browserForThisFile, pageTest } from '../support/browser';
import { eventually } from '../support/wait';

const browser = browserForThisFile();

describe('home intro video', () => {
  for (const path of ['/', '/en']) {
    pageTest(`${path}: play, pause and end show and hide the overlay`, browser, async ({ page, errors }) => {
      const home = new HomePage(page);
      await home.goto(path);
      await home.introVideo.scrollIntoViewIfNeeded();

      assert.ok(await home.playOverlay.isVisible(), 'the play overlay shows before playing');
      assert.equal((await home.videoState()).paused, true);

      await home.playOverlay.click();
      await eventually(async () => assert.equal((await home.videoState()).paused, false, 'the video plays'));
      await home.playOverlay.waitFor({ state: 'hidden' });

      await home.pauseButton.click();
      await eventually(async () => assert.equal((await home.videoState()).paused, true, 'the video pauses'));
      await home.playOverlay.waitFor({ state: 'visible' });

      await home.playOverlay.click();
      await eventually(async () => assert.equal((await home.videoState()).paused, false, 'the video plays again'));
      await home.playOverlay.waitFor({ state: 'hidden' });

      // Jump to just before the end and let it play out.
      await home.introVideo.evaluate((video: HTMLVideoElement) => {
        video.currentTime = Math.max(0, video.duration - 0.2);
      });
      await eventually(async () => assert.equal((await home.videoState()).ended, true, 'the video ends'), {
        timeout: 5000,
      });
      await home.playOverlay.waitFor({ state: 'visible' });

      assert.deepEqual(errors.list(), []);
    });
  }
});
