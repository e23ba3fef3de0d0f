import { PageNotFound } from "~/features/shell/components/general-error-boundary";
import { notFound } from "~/lib/http";
import { translatable } from "~/features/i18n/translatable";
import { NOT_FOUND_TEXT } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export function loader() {
  notFound();
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: NOT_FOUND_TEXT.page,
    description: translatable("The page you are looking for does not exist."),
    path: location.pathname,
    matches,
    noIndex: true,
  });

export default function NotFound() {
  return <PageNotFound />;
}
