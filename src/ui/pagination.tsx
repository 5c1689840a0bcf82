import { Link } from "react-router";
import { m } from "../shared/i18n/compiled/messages.js";

/** Page links that keep every other parameter of the current URL. */
export function Pagination({
  page,
  pageSize,
  total,
  hrefFor,
}: {
  page: number;
  pageSize: number;
  total: number;
  hrefFor: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const window = 2;
  const shown: number[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= window) shown.push(p);
  }
  return (
    <nav className="pagination" aria-label={m.ui_pages()}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev">
          {m.ui_previous()}
        </Link>
      ) : (
        <span aria-hidden="true" className="disabled">
          {m.ui_previous()}
        </span>
      )}
      <ol>
        {shown.map((p, i) => (
          <li key={p}>
            {i > 0 && p - shown[i - 1]! > 1 ? <span className="gap">…</span> : null}
            {p === page ? (
              <span aria-current="page">{p}</span>
            ) : (
              <Link to={hrefFor(p)} aria-label={m.ui_page_number({ page: p })}>
                {p}
              </Link>
            )}
          </li>
        ))}
      </ol>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} rel="next">
          {m.ui_next()}
        </Link>
      ) : (
        <span aria-hidden="true" className="disabled">
          {m.ui_next()}
        </span>
      )}
    </nav>
  );
}
