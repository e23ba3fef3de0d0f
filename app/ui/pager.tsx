import { Link } from "react-router";
import { buttonVariants } from "./button";
import { cn } from "./cn";

/**
 * Previous / Next links around "Page N of M" for a paginated list (nothing when there
 * is one page). `href(page)` builds each link, so a page with several lists can keep the
 * others' page numbers in the query.
 */
export function Pager({
  page,
  pageCount,
  href = (to) => `?page=${to}`,
  label = "Pages",
  size = "md",
  preventScrollReset,
  className,
}: {
  page: number;
  pageCount: number;
  href?: (page: number) => string;
  label?: string;
  size?: "sm" | "md";
  preventScrollReset?: boolean;
  className?: string;
}) {
  if (pageCount <= 1) return null;
  const link = (to: number, text: string) => (
    <Link to={href(to)} preventScrollReset={preventScrollReset} className={buttonVariants({ variant: "secondary", size })}>
      {text}
    </Link>
  );
  return (
    <nav aria-label={label} className={cn("flex items-center justify-between gap-3", className)}>
      {page > 1 ? link(page - 1, "Previous") : <span />}
      <p className="text-sm text-slate-600">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? link(page + 1, "Next") : <span />}
    </nav>
  );
}
