import { msg } from "@lingui/core/macro";
import { Link } from "react-router";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { buttonVariants } from "./button";
import { cn } from "./cn";

/**
 * Previous / Next links around "Page N of M" for a paginated list (nothing when there
 * is one page). `href(page)` builds each link, so a page with several lists can keep the
 * others' page numbers in the query. A `label` marked `translatable()` is translated.
 */
export function Pager({
  page,
  pageCount,
  href = (to) => `?page=${to}`,
  label = translatable("Pages"),
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
  const _ = useTranslate();
  if (pageCount <= 1) return null;
  const link = (to: number, text: string) => (
    <Link to={href(to)} preventScrollReset={preventScrollReset} className={buttonVariants({ variant: "secondary", size })}>
      {text}
    </Link>
  );
  return (
    <nav aria-label={_(label)} className={cn("flex items-center justify-between gap-3", className)}>
      {page > 1 ? link(page - 1, _(msg`Previous`)) : <span />}
      <p className="text-sm text-slate-600">
        {_(msg`Page ${page} of ${pageCount}`)}
      </p>
      {page < pageCount ? link(page + 1, _(msg`Next`)) : <span />}
    </nav>
  );
}
