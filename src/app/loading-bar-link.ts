/** Tells the loading-bar machine when a route navigation starts, ends or fails. */
import type { AnyRouter } from '@tanstack/react-router';
import type { AppActors } from './actors';

export function connectLoadingBar(router: AnyRouter, bar: AppActors['loadingBar']) {
  router.subscribe('onBeforeLoad', ({ pathChanged, hrefChanged }) => {
    if (pathChanged || hrefChanged) bar.send({ type: 'nav.start' });
  });
  router.subscribe('onResolved', () => {
    const failed = router.state.matches.some((match: { status: string }) => match.status === 'error');
    bar.send({ type: failed ? 'nav.fail' : 'nav.done' });
  });
}
