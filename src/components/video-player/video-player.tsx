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
}

export function VideoPlayer({ src, poster, width, height, title }: VideoPlayerProps) {
  const { t } = useLingui();
  const videoRef = useRef<HTMLVideoElement>(null);
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
                  videoRef.current?.play().catch(() => actor.send({ type: 'media.pause' }));
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
      {/* biome-ignore lint/a11y/useMediaCaption: the tutorial and intro videos have no speech to caption */}
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
