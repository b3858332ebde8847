import { paginationItems } from '@hora/core/search';
import { Link } from './link.tsx';

/**
 * The address of page `page` of a list paged by the query parameter `param` on the current page:
 * the rest of the query kept, the first page without the parameter (its canonical address), and
 * `#anchor` so the browser comes back to the list.
 */
export function pageParamHref(
  location: { pathname: string; search: string },
  param: string,
  page: number,
  anchor: string,
): string {
  const params = new URLSearchParams(location.search);
  if (page === 1) params.delete(param);
  else params.set(param, String(page));
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}#${anchor}`;
}

/**
 * Page links (spec part 2 §9): first, the current page with its neighbours, last, and gaps between,
 * as `paginationItems` lays them out. Plain links, so paging works without JavaScript and each
 * page has its own address. Texts come from the page that uses it.
 */
export function Pagination(props: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  labels: { nav: string; previous: string; next: string; page: (page: number) => string };
}) {
  const { page, totalPages, hrefFor, labels } = props;
  if (totalPages <= 1) return null;
  const items = paginationItems(page, totalPages);
  return (
    <nav className="pagination" aria-label={labels.nav}>
      <ul className="pagination__list">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className="pagination__link" rel="prev">
              {labels.previous}
            </Link>
          ) : (
            <span className="pagination__link pagination__link--disabled" aria-hidden="true">
              {labels.previous}
            </span>
          )}
        </li>
        {items.map((item, i) =>
          item === 'gap' ? (
            // A gap sits between two known pages: its neighbours give it a stable key.
            <li key={`gap-${items[i - 1]}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                className="pagination__link"
                aria-current={item === page ? 'page' : undefined}
                aria-label={labels.page(item)}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link to={hrefFor(page + 1)} className="pagination__link" rel="next">
              {labels.next}
            </Link>
          ) : (
            <span className="pagination__link pagination__link--disabled" aria-hidden="true">
              {labels.next}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
