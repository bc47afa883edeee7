import { style } from '@vanilla-extract/css';
import { visuallyHiddenRules } from './visually-hidden';

/** Hidden on screen, still read by screen readers (for example "opens in a new tab", a dialog's title). */
export const visuallyHidden = style(visuallyHiddenRules);
