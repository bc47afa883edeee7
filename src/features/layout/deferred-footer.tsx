/**
 * The desktop footer, out of the first load: the server renders it in full (it is in the HTML, with its CSS in
 * the entry's stylesheet), and the browser loads its code when it is idle after the page has hydrated. Until
 * then React keeps the server's footer as it is (a suspended boundary keeps its HTML); its links work as plain
 * links meanwhile.
 */
import { Suspense, use } from 'react';
// The footer's styles stay in the entry's stylesheet, so the server's footer is styled before its code loads.
import './footer.css';

type FooterModule = typeof import('./footer');
/** A promise React's `use` reads at once when it has settled (its `status` and `value`). */
type Tracked = Promise<FooterModule>;

function tracked(promise: Promise<FooterModule>): Tracked {
  const result = promise as Tracked & { status: string; value?: FooterModule };
  result.status = 'pending';
  result.then(
    (value) => {
      result.status = 'fulfilled';
      result.value = value;
    },
    () => {
      result.status = 'rejected';
    },
  );
  return result;
}

let footerModule: Tracked | undefined;
// The server loads the footer as it starts, so a render finds it loaded and writes it into the HTML at once.
if (import.meta.env.SSR) footerModule = tracked(import('./footer'));

/** The footer's code: in the browser, asked for when it is next idle (at most a second after the first call). */
function loadFooter(): Tracked {
  footerModule ??= tracked(
    new Promise<void>((resolve) => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 1000 });
      else setTimeout(resolve, 0);
    }).then(() => import('./footer')),
  );
  return footerModule;
}

function FooterWhenLoaded() {
  const { Footer } = use(loadFooter());
  return <Footer />;
}

export function DeferredFooter() {
  return (
    <Suspense fallback={null}>
      <FooterWhenLoaded />
    </Suspense>
  );
}
