import type { ReactNode } from "react";

export interface DataColumn<Row> {
  label: string;
  /** Said to screen readers only (a column of photos or of buttons). */
  hideLabel?: boolean;
  /** This column names the row (a header cell for screen readers). */
  rowHeader?: boolean;
  cell: (row: Row) => ReactNode;
}

/**
 * The operator screens' table: scrolls sideways inside its own box on a narrow screen, and each
 * cell carries its column's name for the stacked phone layout (operator.css).
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption?: string;
  columns: DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <div className="operator-table-wrap">
      <table className="operator-table">
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column.label}>
                {column.hideLabel ? <span className="visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th scope="row" key={column.label} data-label={column.label}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.label} data-label={column.hideLabel ? undefined : column.label}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
