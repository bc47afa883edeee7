/** The home page (docs/product.md#what-it-does-and-for-whom "Home page content"): its intro video and the internal links it offers. */
import type { Locator } from 'playwright-core';
import { NAMES } from './names';
import { SitePage } from './site-page';

export class HomePage extends SitePage {
  /** The intro video; a <video> has no ARIA role, so it is found by element inside the main landmark. */
  get introVideo(): Locator {
    return this.main.locator('video').first();
  }

  get playOverlay(): Locator {
    return this.main.getByRole('button', { name: NAMES.playVideo }).first();
  }

  get pauseButton(): Locator {
    return this.main.getByRole('button', { name: NAMES.pauseVideo }).first();
  }

  async videoState(): Promise<{ paused: boolean; ended: boolean; currentTime: number; duration: number }> {
    return this.introVideo.evaluate((video: HTMLVideoElement) => ({
      paused: video.paused,
      ended: video.ended,
      currentTime: video.currentTime,
      duration: video.duration,
    }));
  }
}
