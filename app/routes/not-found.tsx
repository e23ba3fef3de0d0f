import { data } from "react-router";
import { PageNotFound } from "~/features/shell/components/general-error-boundary";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export function loader() {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Page not found",
    description: "The page you are looking for does not exist.",
    path: location.pathname,
    matches,
    noIndex: true,
  });

export default function NotFound() {
  return <PageNotFound />;
}
