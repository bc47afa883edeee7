/**
 * The built-in slider captcha, solved the way any program could: the puzzle's two pictures go through the
 * server's own solver (server/testing/captcha-solver.ts), which finds the gap by comparing the piece with
 * every position of its row. No back door: the production server is asked exactly what a browser asks.
 */
import type { Page } from 'playwright-core';
import { solvePuzzle } from '../../server/testing/captcha-solver';
import type { CaptchaPuzzle } from '../../shared/contract/accounts';

/** `data` of POST /api/v2/captcha/puzzle: the contract's shape. */
export type Puzzle = CaptchaPuzzle;

/** The left edge of the gap in image pixels: where the piece has to go. */
export function gapOf(puzzle: Puzzle): number {
  return solvePuzzle(puzzle.image, puzzle.piece, puzzle.pieceY);
}

const PUZZLE_PATH = '/api/v2/captcha/puzzle';

/** Every puzzle the page received (from the answers to its puzzle calls), newest last. */
export class PuzzleWatcher {
  readonly puzzles: Puzzle[] = [];

  constructor(page: Page) {
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname !== PUZZLE_PATH || !response.ok()) return;
      try {
        const body = (await response.json()) as { data?: Puzzle };
        if (body.data) this.puzzles.push(body.data);
      } catch {
        // The page went away before the body was read.
      }
    });
  }

  /** The puzzle whose background picture is `image` (what the widget shows). */
  find(image: string): Puzzle | undefined {
    return this.puzzles.find((puzzle) => puzzle.image === image);
  }
}
