import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

/** The "dev..." state of a download that is not available yet: greyed, not clickable, with its note below. */
export const pending = style({
  display: 'inline-flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 4,
  maxWidth: '100%',
});

export const pendingBlock = style({ display: 'flex', alignItems: 'stretch', width: '100%', textAlign: 'center' });

export const pendingButton = style({
  selectors: {
    '&:disabled': {
      cursor: 'not-allowed',
      background: vars.color.surfaceAlt,
      color: vars.color.muted,
      borderColor: vars.color.line,
      filter: 'none',
    },
  },
});

export const pendingNote = style({ fontSize: 12, color: vars.color.muted });

export const devMark = style({ fontWeight: 400, fontSize: '0.85em' });
