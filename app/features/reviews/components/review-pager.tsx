import { msg } from "@lingui/core/macro";
import { Link } from "react-router";
import { useTranslate } from "~/features/i18n/use-translate";
import { buttonVariants } from "~/ui/button";

/**
 * 'Newer reviews' · 'Page N of M' · 'Older reviews' under a list of reviews, a page at a
 * time through the page's address (the space page's ?reviews=N, the profile's
 * ?reviews=N). Nothing when everything fits on one page.
 */
export function ReviewPager({
  page,
  pageCount,
  href,
  label,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  label?: string;
}) {
  const _ = useTranslate();
  if (pageCount <= 1) return null;
  return (
    <nav
      aria-label={label ?? _(msg`Review pages`)}
      className="mt-4 flex items-center justify-between gap-3"
    >
      {page > 1 ? (
        <Link
          to={href(page - 1)}
          preventScrollReset
          className={buttonVariants({ variant: "secondary", size: "sm" })}
        >
          {_(msg`Newer reviews`)}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600">
        {_(msg`Page ${page} of ${pageCount}`)}
      </p>
      {page < pageCount ? (
        <Link
          to={href(page + 1)}
          preventScrollReset
          className={buttonVariants({ variant: "secondary", size: "sm" })}
        >
          {_(msg`Older reviews`)}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
