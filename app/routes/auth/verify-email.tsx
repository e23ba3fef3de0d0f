import { data, Form, Link, useNavigation } from "react-router";
import { ACCOUNT_EMAIL_TEXT } from "~/features/auth/account-email-texts";
import { clearedLinkCookie, linkToken, linkPageState } from "~/features/auth/email-link-page.server";
import { redeemVerifyLink, verifyLinkState } from "~/features/auth/email-verification.server";
import { metaTranslate } from "~/features/i18n/translate";
import { requestTranslate } from "~/features/i18n/request-i18n.server";
import { useTranslate } from "~/features/i18n/use-translate";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { pageMeta } from "~/lib/seo";
import { Alert } from "~/ui/alert";
import { Button, buttonVariants } from "~/ui/button";
import { Card } from "~/ui/card";
import type { Route } from "./+types/verify-email";

/**
 * /verify-email (issue #29 point 2, ADR 0241): a new account's address, or the new
 * address of a change, is confirmed with one button (a link checker that opens the link
 * confirms nothing). The token moves into a cookie first, as on /reset-password.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const missing: Awaited<ReturnType<typeof verifyLinkState>> = { ok: false, error: ACCOUNT_EMAIL_TEXT.linkMissing };
  return linkPageState(request, "verify", (token) => verifyLinkState(db, token, requestNow(request)), missing);
}

export async function action({ request }: Route.ActionArgs) {
  const result = await redeemVerifyLink(await getDb(), linkToken(request, "verify"), requestNow(request), await requestTranslate(request));
  if (!result.ok) return data({ ok: false as const, error: result.error }, { status: 400 });
  return data({ ok: true as const, message: result.message }, { headers: { "Set-Cookie": clearedLinkCookie("verify"), "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const _ = metaTranslate(matches);
  return [
    ...pageMeta({ title: _(ACCOUNT_EMAIL_TEXT.verifyTitle), description: _(ACCOUNT_EMAIL_TEXT.verifyTitle), path: "/verify-email", matches, noIndex: true }),
    { name: "referrer", content: "no-referrer" },
  ];
};

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const _ = useTranslate();
  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{_(ACCOUNT_EMAIL_TEXT.verifyTitle)}</h1>
      <Card className="mt-6">
        {actionData?.ok ? (
          <div className="space-y-4">
            <Alert tone="success">{actionData.message}</Alert>
            <Link to="/" className={buttonVariants({ block: true })}>
              {_(ACCOUNT_EMAIL_TEXT.continueLink)}
            </Link>
          </div>
        ) : !loaderData.ok || actionData ? (
          <Alert tone="error">{actionData && !actionData.ok ? _(actionData.error) : !loaderData.ok ? _(loaderData.error) : null}</Alert>
        ) : (
          <Form method="post" className="space-y-5">
            <p className="text-slate-600">{loaderData.change ? ACCOUNT_EMAIL_TEXT.verifyChangeIntro(loaderData.email, _) : ACCOUNT_EMAIL_TEXT.verifyIntro(loaderData.email, _)}</p>
            <Button type="submit" block pending={navigation.state === "submitting"} pendingText={_(ACCOUNT_EMAIL_TEXT.verifyPending)}>
              {_(ACCOUNT_EMAIL_TEXT.verifySubmit)}
            </Button>
          </Form>
        )}
      </Card>
    </section>
  );
}
