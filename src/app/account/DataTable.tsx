import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import '../styles/account-lists.css';

type Row = ReactElement<{ children?: ReactNode }>;

/** Each cell of a row carries its column's header as `data-label`, which the phone layout shows beside it. */
function labelled(row: ReactNode, headers: string[]) {
  if (!isValidElement(row)) return row;
  const cells = Children.toArray((row as Row).props.children).map((cell, i) =>
    isValidElement(cell)
      ? cloneElement(cell as ReactElement<{ 'data-label'?: string }>, { 'data-label': headers[i] })
      : cell,
  );
  return cloneElement(row as Row, undefined, ...cells);
}

/**
 * A table of the account pages: its column headers, and its rows (`<tr>` of `<td>`) as `children`. Below
 * 600 px each row is a card of label and value (styles/account-lists.css), so its status and action stay on
 * screen; wider, a table too wide scrolls inside its box, which the keyboard can reach (`label` names it).
 */
export function DataTable({
  headers,
  label,
  children,
}: {
  headers: string[];
  label?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap" tabIndex={0} role={label ? 'region' : undefined} aria-label={label}>
      <table className="data-table">
        <thead className="visually-hidden">
          <tr>
            {headers.map((header) => (
              <th scope="col" key={header}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{Children.map(children, (row) => labelled(row, headers))}</tbody>
      </table>
    </div>
  );
}
