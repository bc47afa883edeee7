import { Trans } from '@lingui/react/macro';

export function HomePage() {
  return (
    <main>
      <h1>
        <Trans>达人建联，一个工具就够了</Trans>
      </h1>
    </main>
  );
}
