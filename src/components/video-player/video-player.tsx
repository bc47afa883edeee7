/**
 * A video with a play/pause toggle (the video machine); the overlay button shows while paused or ended.
 * The element loads only its metadata until the visitor plays it.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import {
  initialVideoSnapshot,
  selectIsPlaying,
  selectOverlayShown,
  type VideoEvent,
  type VideoSnapshot,
} from '#machines/video/video.selectors';
import { LazyActor } from '~/lib/lazy-actor';
import { type MachinesModule, machinesModule } from '~/lib/machines-module';
import { useActorSelector } from '~/lib/use-actor-selector';
import * as styles from './video-player.css';

export interface VideoPlayerProps {
  src: string;
  poster?: string;
  width: number;
  height: number;
  /** What the video shows; names the video and its button for screen readers. */
  title: string;
  /**
   * Creates the `<video>` only after the first frame: for a player that opens with a dialog. WebKitGTK builds
   * its media player when the element is created and draws the SVG poster at once, which held the dialog's
   * first frame back by 50–90 ms.
   */
  afterFirstFrame?: boolean;
}

export function VideoPlayer({ src, poster, width, height, title, afterFirstFrame = false }: VideoPlayerProps) {
  const { t } = useLingui();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [created, setCreated] = useState(!afterFirstFrame);
  useEffect(() => {
    if (created) return;
    // A task queued from the frame's callback runs after that frame is painted.
    let task = 0;
    const frame = requestAnimationFrame(() => {
      task = window.setTimeout(() => setCreated(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [created]);
  // The machine loads with XState on first use (pointer over the player or the first click).
  const [actor] = useState(
    () =>
      new LazyActor<VideoSnapshot, VideoEvent, MachinesModule>(
        initialVideoSnapshot,
        machinesModule,
        ({ createActor, videoMachine }) =>
          createActor(
            videoMachine.provide({
              actions: {
                play: () => {
                  const video = videoRef.current;
                  if (video) video.play().catch(() => actor.send({ type: 'media.pause' }));
                  else actor.send({ type: 'media.pause' });
                },
                pause: () => videoRef.current?.pause(),
                restart: () => {
                  if (videoRef.current) videoRef.current.currentTime = 0;
                },
              },
            }),
          ).start() as never,
      ),
  );
  useEffect(() => () => actor.stop(), [actor]);
  const overlay = useActorSelector(actor, selectOverlayShown);
  const playing = useActorSelector(actor, selectIsPlaying);
  const toggle = () => actor.send({ type: 'user.toggle' });

  return (
    <div className={styles.frame} onPointerEnter={() => void actor.load()}>
      {created ? (
        // biome-ignore lint/a11y/useMediaCaption: the tutorial and intro videos have no speech to caption
        <video
          ref={videoRef}
          className={styles.video}
          src={src}
          poster={poster}
          width={width}
          height={height}
          preload="metadata"
          playsInline
          title={title}
          aria-label={title}
          onClick={toggle}
          onPlay={() => actor.send({ type: 'media.play' })}
          onPause={() => {
            if (!videoRef.current?.ended) actor.send({ type: 'media.pause' });
          }}
          onEnded={() => actor.send({ type: 'media.ended' })}
          data-state={playing ? 'playing' : 'paused'}
        />
      ) : (
        // Until then an empty box of the video's size (the frame's dark ground): the dialog fades in over 160 ms,
        // so its first frame is all but transparent, and WebKit would draw the SVG poster in that frame.
        <canvas className={styles.video} width={width} height={height} data-video-placeholder="" />
      )}
      {overlay ? (
        <button type="button" className={styles.overlay} onClick={toggle} aria-label={t`播放视频：${title}`}>
          <span className={styles.playIcon} aria-hidden="true" />
        </button>
      ) : (
        <button type="button" className={styles.pauseButton} onClick={toggle} aria-label={t`暂停视频：${title}`}>
          <span className={styles.pauseIcon} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
