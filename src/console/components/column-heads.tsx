/** A table's header row: one column heading (`<th scope="col">`) per child. */
import { Children, type ReactNode } from 'react';
import * as ui from '../styles/ui.css';

export function ColumnHeads({ children }: { children: ReactNode }) {
  return (
    <thead>
      <tr>
        {Children.map(children, (head) => (
          <th className={ui.cell} scope="col">
            {head}
          </th>
        ))}
      </tr>
    </thead>
  );
}
