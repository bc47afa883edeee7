import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { describePath, machinePaths } from '#machines/testing/paths';
import { replayPath } from '#machines/testing/replay';
import { videoMachine } from '#machines/video/video.machine';
import { renderWithProviders } from '~/test/providers';
import { VideoPlayer } from './video-player';

const events = [
  { type: 'user.toggle' },
  { type: 'media.play' },
  { type: 'media.pause' },
  { type: 'media.ended' },
] as const;

/** jsdom has no media playback: play and pause flip `paused` and fire the element's events like a browser. */
function fakePlayback() {
  let paused = true;
  let ended = false;
  Object.defineProperty(HTMLMediaElement.prototype, 'paused', { configurable: true, get: () => paused });
  Object.defineProperty(HTMLMediaElement.prototype, 'ended', { configurable: true, get: () => ended });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    paused = false;
    ended = false;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused = true;
    this.dispatchEvent(new Event('pause'));
  });
  return {
    end(video: HTMLVideoElement) {
      paused = true;
      ended = true;
      video.dispatchEvent(new Event('pause'));
      video.dispatchEvent(new Event('ended'));
    },
  };
}

async function renderPlayer() {
  await renderWithProviders(<VideoPlayer src="/media/intro.mp4" width={640} height={360} title="产品介绍" />);
  return screen.getByLabelText('产品介绍', { selector: 'video' }) as HTMLVideoElement;
}

describe('video player, replaying every generated path of the video machine', () => {
  let playback: ReturnType<typeof fakePlayback>;
  beforeEach(() => {
    vi.restoreAllMocks();
    playback = fakePlayback();
  });

  const paths = machinePaths(videoMachine, { events });

  it.each(paths.map((path) => [describePath(path, videoMachine).join(' → '), path] as const))('%s', async (_, path) => {
    const video = await renderPlayer();
    await replayPath(path, videoMachine, {
      send: async (event) => {
        await act(async () => {
          if (event.type === 'user.toggle') {
            fireEvent.click(screen.getByRole('button', { name: /视频：产品介绍/ }));
          } else if (event.type === 'media.play') {
            video.dispatchEvent(new Event('play'));
          } else if (event.type === 'media.pause') {
            video.pause();
          } else if (event.type === 'media.ended') {
            playback.end(video);
          }
        });
      },
      wait: () => {},
      check: (state) => {
        const overlayShown = state.value === 'paused' || state.value === 'ended';
        expect(screen.queryByRole('button', { name: '播放视频：产品介绍' }) !== null).toBe(overlayShown);
        expect(screen.queryByRole('button', { name: '暂停视频：产品介绍' }) !== null).toBe(!overlayShown);
        expect(video.dataset.state).toBe(state.value === 'playing' ? 'playing' : 'paused');
      },
    });
  });

  it('plays the video when the overlay is clicked and pauses it on the second click', async () => {
    const video = await renderPlayer();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '播放视频：产品介绍' })));
    expect(video.paused).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '暂停视频：产品介绍' })));
    expect(video.paused).toBe(true);
  });
});
