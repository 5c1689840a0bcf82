import type { ReactNode } from "react";

export interface AdminColumn<Row> {
  label: string;
  /** Said to screen readers only (a column of photos or of buttons). */
  hideLabel?: boolean;
  /** This column names the row (a header cell for screen readers). */
  rowHeader?: boolean;
  cell: (row: Row) => ReactNode;
}

/**
 * The operator screens' table: scrolls sideways inside its own box on a narrow screen, and each
 * cell carries its column's name for the stacked phone layout (admin.css).
 */
export function AdminTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption?: string;
  columns: AdminColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
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
