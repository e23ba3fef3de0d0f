import { Link } from "react-router";
import { buttonVariants } from "~/ui/button";

/**
 * 'Newer reviews' · 'Page N of M' · 'Older reviews' under a list of reviews, a page at a
 * time through the page's address (the space page's ?reviews=N, the profile's
 * ?reviews=N). Nothing when everything fits on one page.
 */
export function ReviewPager({ page, pageCount, href, label = "Review pages" }: { page: number; pageCount: number; href: (page: number) => string; label?: string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} preventScrollReset className={buttonVariants({ variant: "secondary", size: "sm" })}>
          Newer reviews
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={href(page + 1)} preventScrollReset className={buttonVariants({ variant: "secondary", size: "sm" })}>
          Older reviews
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
