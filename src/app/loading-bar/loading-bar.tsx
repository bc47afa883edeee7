/**
 * The page loading bar at the very top (docs/product.md#states, #constants). It only renders what the loading-bar machine says:
 * the machine decides when a navigation is slow enough to show it and when it hides again.
 */
import { useLingui } from '@lingui/react/macro';
import { selectBarPhase, selectBarVisible } from '#machines/loading-bar/loading-bar.selectors';
import { useAppActors } from '~/app/actors-context';
import { useActorSelector } from '~/lib/use-actor-selector';
import * as styles from './loading-bar.css';

export function LoadingBar() {
  const { loadingBar } = useAppActors();
  const visible = useActorSelector(loadingBar, selectBarVisible);
  const phase = useActorSelector(loadingBar, selectBarPhase);
  const { t } = useLingui();
  return (
    <div className={styles.track} aria-hidden={!visible}>
      <div
        className={styles.bar({ phase })}
        role="progressbar"
        aria-label={phase === 'failed' ? t`页面加载失败` : t`页面加载中`}
        data-phase={phase}
      />
    </div>
  );
}
