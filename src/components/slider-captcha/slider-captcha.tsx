/**
 * The built-in slider captcha, rendered from the captcha machine. The visitor drags the handle
 * under the picture (mouse, pen or touch through pointer events) and the piece follows; letting go sends the
 * piece's left edge in image pixels (the picture may be shown smaller, so screen pixels are scaled). The handle
 * is also a keyboard slider: arrows move 1 px, Shift+arrow or Page Up/Down 10 px, Home/End to the ends, Enter
 * checks. A wrong answer shakes the piece and loads a fresh puzzle; so does an expired one.
 */

import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { captchaMachine } from '#machines/captcha/captcha.machine';
import {
  type CaptchaFailure,
  type CaptchaPuzzle,
  selectCanDrag,
  selectCaptchaPhase,
  selectNotice,
  selectProblem,
  selectPuzzle,
} from '#machines/captcha/captcha.selectors';
import * as styles from './slider-captcha.css';

/** The server side of the captcha; both calls reject with a `CaptchaFailure`. */
export interface CaptchaService {
  loadPuzzle: () => Promise<CaptchaPuzzle>;
  verify: (captchaId: string, x: number) => Promise<{ ticket: string }>;
}

export type { CaptchaFailure, CaptchaPuzzle };

export interface SliderCaptchaProps {
  service: CaptchaService;
  onPassed: (ticket: string) => void;
}

export function SliderCaptcha({ service, onPassed }: SliderCaptchaProps) {
  const { t } = useLingui();
  // The latest props for the machine's effects, which are supplied once.
  const latest = useRef({ service, onPassed });
  latest.current = { service, onPassed };
  const actor = useActorRef(
    captchaMachine.provide({
      actors: {
        loadPuzzle: fromPromise(() => latest.current.service.loadPuzzle()),
        verify: fromPromise(({ input }: { input: { captchaId: string; x: number } }) =>
          latest.current.service.verify(input.captchaId, input.x),
        ),
      },
      actions: { passed: (_, { ticket }) => latest.current.onPassed(ticket) },
    }),
  );
  const phase = useSelector(actor, selectCaptchaPhase);
  const puzzle = useSelector(actor, selectPuzzle);
  const notice = useSelector(actor, selectNotice);
  const problem = useSelector(actor, selectProblem);
  const canDrag = useSelector(actor, selectCanDrag);

  const [x, setX] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ pointerId: number; startClientX: number; startX: number; scale: number } | null>(null);
  const trackRef = useRef<HTMLDivElement>(null);

  // Every new puzzle starts with the piece at the left.
  const captchaId = puzzle?.captchaId;
  useEffect(() => {
    if (captchaId) setX(0);
  }, [captchaId]);

  const max = puzzle ? puzzle.width - puzzle.pieceSize : 0;
  const clamp = (value: number) => Math.min(max, Math.max(0, Math.round(value)));
  const submit = (value: number) => actor.send({ type: 'user.submit', x: clamp(value) });
  const refresh = () => actor.send({ type: 'user.refresh' });

  /** Image pixels per screen pixel: the track is as wide as the picture is shown. */
  const scale = () => {
    const width = trackRef.current?.getBoundingClientRect().width ?? 0;
    return puzzle && width > 0 ? puzzle.width / width : 1;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!canDrag || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointerId: event.pointerId, startClientX: event.clientX, startX: x, scale: scale() };
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    setX(clamp(current.startX + (event.clientX - current.startClientX) * current.scale));
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>, send: boolean) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    const final = clamp(current.startX + (event.clientX - current.startClientX) * current.scale);
    setX(final);
    // A press without a move is not an answer (the keyboard and a real drag are).
    if (send && final !== current.startX) submit(final);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!canDrag) return;
    const big = event.shiftKey ? 10 : 1;
    const moves: Record<string, number> = {
      ArrowRight: x + big,
      ArrowUp: x + big,
      ArrowLeft: x - big,
      ArrowDown: x - big,
      PageUp: x + 10,
      PageDown: x - 10,
      Home: 0,
      End: max,
    };
    if (event.key in moves) {
      event.preventDefault();
      setX(clamp(moves[event.key]));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      submit(x);
    }
  };

  const percent = (value: number) => (puzzle ? `${(value / puzzle.width) * 100}%` : '0');
  const status = (() => {
    if (phase === 'passed') return t`验证通过`;
    if (phase === 'verifying') return t`正在验证…`;
    if (phase === 'rejected' || notice === 'failed') return t`验证失败，请重试`;
    if (notice === 'expired') return t`验证已过期，请重新验证`;
    if (phase === 'loading') return t`加载中…`;
    return '';
  })();

  if (phase === 'unavailable') {
    return (
      <div className={styles.root}>
        <div className={styles.problem} role="alert">
          <p className={styles.problemText}>{problem?.message ?? t`验证图片加载失败`}</p>
          <button type="button" className={styles.retry} onClick={refresh}>
            {t`重新加载`}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.root}>
      <div
        className={styles.picture}
        style={puzzle ? { aspectRatio: `${puzzle.width} / ${puzzle.height}` } : undefined}
        data-phase={phase}
      >
        {puzzle ? (
          <>
            <img className={styles.image} src={puzzle.image} alt={t`拼图背景，带一个缺口`} draggable={false} />
            <img
              className={[styles.piece, phase === 'rejected' ? styles.shake : ''].join(' ')}
              src={puzzle.piece}
              alt=""
              draggable={false}
              data-testid="captcha-piece"
              style={{
                left: percent(x),
                top: `${(puzzle.pieceY / puzzle.height) * 100}%`,
                width: percent(puzzle.pieceSize),
              }}
            />
          </>
        ) : null}
        {phase === 'loading' ? <span className={styles.veil} aria-hidden="true" /> : null}
        <button
          type="button"
          className={styles.refresh}
          onClick={refresh}
          disabled={phase !== 'ready'}
          aria-label={t`换一张`}
          title={t`换一张`}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" width="18" height="18">
            <path
              d="M20 12a8 8 0 1 1-2.34-5.66M20 4v4h-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </div>

      <div ref={trackRef} className={styles.track} data-dragging={dragging || undefined}>
        <span className={styles.trackHint} aria-hidden="true">
          {x === 0 && !dragging ? t`向右拖动滑块填充拼图` : ''}
        </span>
        <span
          className={styles.trackFill}
          style={{ width: `calc(${percent(x)} + ${puzzle ? percent(puzzle.pieceSize) : '0px'})` }}
        />
        <div
          role="slider"
          tabIndex={canDrag ? 0 : -1}
          aria-label={t`拼图滑块：用方向键移动拼图块到缺口，按 Enter 确认`}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={x}
          aria-disabled={!canDrag}
          className={styles.handle}
          style={{ left: percent(x), width: puzzle ? percent(puzzle.pieceSize) : 44 }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={(event) => endDrag(event, true)}
          onPointerCancel={(event) => endDrag(event, false)}
          onKeyDown={onKeyDown}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" width="20" height="20">
            <path d="M5 12h14M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </div>
      </div>
      <p
        className={styles.status}
        role="status"
        data-tone={phase === 'passed' ? 'ok' : notice || phase === 'rejected' ? 'error' : undefined}
      >
        {status}
      </p>
    </div>
  );
}
