import { msg, plural } from "@lingui/core/macro";
import * as Accordion from "@radix-ui/react-accordion";
import { ChevronDown, Search } from "lucide-react";
import { useState } from "react";
import { Form, Link } from "react-router";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { PageHero } from "~/features/content/components/page-hero";
import { HELP_CATEGORIES } from "~/features/content/help/help-articles";
import { searchHelp } from "~/features/content/help/help-search";
import { HELP_QUERY_MAX, helpSearchSchema } from "~/features/content/help/help-search-schema";
import { parseForm } from "~/lib/forms";
import { buttonVariants } from "~/ui/button";
import { Input } from "~/ui/input";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/help";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.content);

export function loader({ request }: Route.LoaderArgs) {
  const parsed = parseForm(helpSearchSchema, { q: new URL(request.url).searchParams.get("q") ?? "" });
  return { query: parsed.ok ? parsed.data.q : "" };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: translatable("Help Center"),
    // prettier-ignore
    description: translatable("Answers about booking, hosting and your account on Rentwell: payment methods, changing a booking, payouts, cancellations and password reset."),
    path: "/help",
    matches,
  });

export default function Help({ loaderData }: Route.ComponentProps) {
  const _ = useTranslate();
  const [query, setQuery] = useState(loaderData.query);
  const [openCategories, setOpenCategories] = useState<string[]>(["booking"]);
  // While searching every category with a match opens, unless the visitor closes it again.
  const [closedWhileSearching, setClosedWhileSearching] = useState<string[]>([]);
  // The articles in the page's language; a query matches that text or the English one.
  const results = searchHelp(HELP_CATEGORIES, query, _);
  const trimmed = query.trim();
  const searching = trimmed.length > 0;
  const resultIds = results.map((category) => category.id);
  const matchCount = results.reduce((sum, category) => sum + category.articles.length, 0);
  return (
    <>
      <PageHero
        eyebrow={_(msg`Help Center`)}
        title={_(msg`How can we help?`)}
        lead={_(msg`Search our answers about booking, hosting and your account, or browse the categories below.`)}
      >
        <Form method="get" role="search" aria-label={_(msg`Help articles`)} className="mt-6 max-w-xl" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="help-search" className="sr-only">
            {_(msg`Search help articles`)}
          </label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 start-3 size-5 -translate-y-1/2 text-slate-400" />
            <Input
              id="help-search"
              name="q"
              type="search"
              value={query}
              maxLength={HELP_QUERY_MAX}
              onChange={(event) => {
                setQuery(event.target.value);
                setClosedWhileSearching([]);
              }}
              placeholder={_(msg`Search for answers, e.g. refund, payout, password`)}
              className="rounded-xl py-3 pe-4 ps-11 placeholder:text-slate-500"
            />
          </div>
        </Form>
      </PageHero>
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <p role="status" className="text-sm text-slate-600">
          {searching
            ? matchCount === 0
              ? _(msg`No answers match “${trimmed}”. Try other words, or contact us.`)
              : _(msg`${plural(matchCount, { one: "# answer matches", other: "# answers match" })} “${trimmed}”.`)
            : _(msg`Choose a category to see its answers.`)}
        </p>
        {results.length > 0 && (
          <Accordion.Root
            type="multiple"
            value={searching ? resultIds.filter((id) => !closedWhileSearching.includes(id)) : openCategories}
            onValueChange={(open) =>
              searching ? setClosedWhileSearching(resultIds.filter((id) => !open.includes(id))) : setOpenCategories(open)
            }
            className="mt-6 space-y-4"
          >
            {results.map((category) => (
              <Accordion.Item key={category.id} value={category.id} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
                <Accordion.Header asChild>
                  <h2 className="m-0">
                    <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-start hover:bg-slate-50">
                      <span>
                        <span className="block text-xl font-bold text-slate-900">{category.title}</span>
                        <span className="mt-1 block text-sm font-normal text-slate-600">
                          {category.description} · {_(msg`${plural(category.articles.length, { one: "# article", other: "# articles" })}`)}
                        </span>
                      </span>
                      <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180" />
                    </Accordion.Trigger>
                  </h2>
                </Accordion.Header>
                <Accordion.Content>
                  <ul className="divide-y divide-slate-100 border-t border-slate-100">
                    {category.articles.map((article) => (
                      <li key={article.id} className="px-5 py-4">
                        <h3 className="font-semibold text-slate-900">{article.question}</h3>
                        <p className="mt-1 text-slate-600">{article.answer}</p>
                      </li>
                    ))}
                  </ul>
                </Accordion.Content>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        )}
        <section aria-labelledby="still-heading" className="mt-12 rounded-2xl bg-slate-50 p-6 text-center sm:p-10">
          <h2 id="still-heading" className="text-xl font-bold text-slate-900">
            {_(msg`Still need help?`)}
          </h2>
          <p className="mt-2 text-slate-600">
            {_(msg`Our support team is available 24/7 for booking issues. Office hours: Monday to Friday 9:00 AM-6:00 PM PST.`)}
          </p>
          <Link
            to="/contact?subject=support"
            className={buttonVariants({ className: "mt-5" })}
          >
            {_(msg`Contact Support`)}
          </Link>
        </section>
      </div>
    </>
  );
}
