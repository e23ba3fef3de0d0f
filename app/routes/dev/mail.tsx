import { Mail } from "lucide-react";
import { requireDevMailReader } from "~/features/mail/dev-mail-access.server";
import { listMailFiles } from "~/features/mail/mail-files.server";
import { env } from "~/lib/env.server";
import { Badge } from "~/ui/badge";
import { EmptyState } from "~/ui/empty-state";
import type { Route } from "./+types/mail";

/**
 * /dev/mail: what would have been sent, when SMTP_URL is unset (ADR 0170). The local
 * demo only; 404 in production, and empty when an SMTP server takes the mail. Only a
 * client on this machine or a signed-in admin may read it (ADR 0242). `?to=` lists only
 * the e-mails to one address (a developer looking for one account's mail; the browser
 * journeys' sign-ups, which would otherwise render the whole suite's newest 200 each time).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireDevMailReader(request);
  const to = new URL(request.url).searchParams.get("to")?.trim().toLowerCase() || null;
  const emails = await listMailFiles();
  return { smtp: Boolean(env().SMTP_URL), to, emails: to ? emails.filter((email) => email.to.toLowerCase() === to) : emails };
}

export const meta: Route.MetaFunction = () => [{ title: "Sent e-mail | Rentwell" }, { name: "robots", content: "noindex" }];

export default function DevMail({ loaderData }: Route.ComponentProps) {
  const { emails, smtp, to } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Sent e-mail</h1>
      <p className="mt-2 text-slate-600">
        {smtp
          ? "SMTP_URL is set: e-mails go to that server and are not written here."
          : "Without SMTP_URL every e-mail is written as an .eml file under DATA_DIR/mail. Newest first."}
      </p>
      {to && (
        <p className="mt-2 text-slate-600">
          Only the e-mails to <span className="font-medium text-slate-900">{to}</span>.{" "}
          <a href="/dev/mail" className="font-medium text-brand-700 underline">
            All e-mails
          </a>
        </p>
      )}
      {emails.length === 0 ? (
        <EmptyState className="mt-8" icon={<Mail className="h-10 w-10" />} title="No e-mails yet" description="E-mails appear here once the mail-outbox job has sent them." />
      ) : (
        <ul className="mt-8 space-y-4">
          {emails.map((email) => (
            <li key={email.file} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="dev-mail">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="font-semibold break-words text-slate-900">{email.subject}</h2>
                <Badge tone="neutral">{email.kind.replace(/_/g, " ")}</Badge>
              </div>
              <p className="mt-1 text-sm text-slate-600">
                To <span data-testid="dev-mail-to">{email.to}</span> · <time dateTime={email.writtenAt}>{email.writtenAt}</time>
              </p>
              <details className="mt-2">
                <summary className="cursor-pointer text-sm font-medium text-brand-700">Plain-text part</summary>
                <pre className="mt-2 overflow-x-auto text-sm break-words whitespace-pre-wrap text-slate-800">{email.text}</pre>
              </details>
              <a href={`/dev/mail/${email.file}`} className="mt-2 inline-block text-sm font-medium text-brand-700 underline">
                Raw .eml
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
