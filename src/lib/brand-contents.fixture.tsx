/** Components under test with a brand's contents in place of the table (shared/brand-contents.fixture.ts). */
import type { ReactNode } from 'react';
import type { BrandContents } from '#shared/brand-contents';
import { FILLED_CONTENTS } from '#shared/brand-contents.fixture';
import { BrandContentsContext } from './brand-contents';

export { FILLED_CONTENTS };

/** `ui` with the given contents in place of the brand's table. */
export function withContents(ui: ReactNode, contents: Partial<BrandContents> = FILLED_CONTENTS): ReactNode {
  return (
    <BrandContentsContext.Provider value={{ ...FILLED_CONTENTS, ...contents }}>{ui}</BrandContentsContext.Provider>
  );
}
