/** A small fake puzzle and the events the path tests (machine and widget) and `npm run paths` use. */
import type { CaptchaPuzzle } from './captcha.selectors';

export const fakePuzzle: CaptchaPuzzle = {
  captchaId: 'puzzle-1',
  image: 'data:image/png;base64,AAAA',
  piece: 'data:image/png;base64,BBBB',
  width: 320,
  height: 160,
  pieceSize: 50,
  pieceY: 40,
  expiresIn: 120,
};

export const captchaPathEvents = [
  { type: 'user.submit', x: 120 },
  { type: 'user.refresh' },
  { type: 'xstate.done.actor.loadPuzzle', output: fakePuzzle },
  { type: 'xstate.error.actor.loadPuzzle', error: { kind: 'unavailable', retryAfter: 30 } },
  { type: 'xstate.done.actor.verify', output: { ticket: 'ticket-1' } },
  { type: 'xstate.error.actor.verify', error: { kind: 'wrong' } },
  { type: 'xstate.error.actor.verify', error: { kind: 'expired' } },
  { type: 'xstate.error.actor.verify', error: { kind: 'unavailable' } },
] as const;
