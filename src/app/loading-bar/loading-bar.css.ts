import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { LOADING_BAR_TIMING } from '#machines/loading-bar/loading-bar.selectors';
import { vars } from '~/styles/theme.css';

export const track = style({
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  height: 3,
  zIndex: 1000,
  pointerEvents: 'none',
});

const FINISH_MS = 200;

/**
 * The bar is always in the page so a width change can be animated: hidden phases reset it to 0 without a
 * transition, running moves it to 90 % over the machine's duration, finishing and failed fill it and fade
 * out within the machine's hide delay.
 */
export const bar = recipe({
  base: {
    height: '100%',
    width: 0,
    opacity: 0,
    background: vars.color.accent,
    boxShadow: `0 0 8px ${vars.color.accent}`,
    borderRadius: '0 2px 2px 0',
  },
  variants: {
    phase: {
      idle: {},
      waiting: {},
      running: {
        width: '90%',
        opacity: 1,
        transition: `width ${LOADING_BAR_TIMING.duration}ms cubic-bezier(0.1, 0.6, 0.3, 1)`,
      },
      stalled: { width: '90%', opacity: 1 },
      finishing: {
        width: '100%',
        opacity: 0,
        transition: `width ${FINISH_MS}ms ease-out, opacity ${LOADING_BAR_TIMING.hideDelay - FINISH_MS}ms ease ${FINISH_MS}ms`,
      },
      failed: {
        width: '100%',
        opacity: 0,
        background: vars.color.failed,
        boxShadow: `0 0 8px ${vars.color.failed}`,
        transition: `width ${FINISH_MS}ms ease-out, opacity ${LOADING_BAR_TIMING.hideDelay - FINISH_MS}ms ease ${FINISH_MS}ms`,
      },
    },
  },
});
