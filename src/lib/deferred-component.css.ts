import { style } from '@vanilla-extract/css';

/** A deferred part's box: it only marks the part as pending; its content lays out as if the box were not there. */
export const box = style({ display: 'contents' });
