import { msg } from "@lingui/core/macro";
import { MessageCircle } from "lucide-react";
import { data, Link, useRevalidator } from "react-router";
import { metaTranslate, type Translate } from "~/features/i18n/translate";
import { requireUser } from "~/features/auth/session.server";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { messageTime, unreadText } from "~/features/messages/format";
import { listConversations } from "~/features/messages/messages.server";
import { useLiveEvents } from "~/features/realtime/use-live-events";
import { GeneralErrorBoundary } from "~/features/shell/components/general-error-boundary";
import { getDb } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import { Alert } from "~/ui/alert";
import { Avatar } from "~/ui/avatar";
import { Badge } from "~/ui/badge";
import { buttonVariants } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import type { Route } from "./+types/messages";

/** /messages (docs/product.md#messages): the signed-in user's conversations, newest activity first. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  try {
    return { error: null, conversations: await listConversations(await getDb(), user.id) };
  } catch (error) {
    logger.error({ err: error }, "Failed to fetch conversations");
    return data({ error: ERROR_TEXT.fetchConversations, conversations: [] }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const _ = metaTranslate(matches);
  return pageMeta({ title: _(msg`Messages`), description: _(msg`Your conversations with hosts and guests.`), path: "/messages", matches, noIndex: true });
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** " · Host" after a name, unless the name already says it (a person without a name). */
function RoleNote({ name, role }: { name: string; role: "guest" | "host" }) {
  const _ = useTranslate();
  const word = role === "host" ? "Host" : "Guest";
  if (name === word) return null;
  return <span className="font-normal text-slate-600"> · {role === "host" ? _(msg`Host`) : _(msg`Guest`)}</span>;
}

/** The last message's text, "You: " before it when it was the viewer's. */
function lastMessageText({ fromMe, body }: { fromMe: boolean; body: string }, _: Translate): string {
  return fromMe ? _(msg`You: ${body}`) : body;
}

export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  const { conversations, error } = loaderData;
  const revalidator = useRevalidator();
  const _ = useTranslate();
  const locale = useLocale();
  // A new message in any of the user's conversations: reload the list (and the header badge).
  useLiveEvents(
    ["messages"],
    () => void revalidator.revalidate(),
    () => void revalidator.revalidate(),
  );
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{_(msg`Messages`)}</h1>
      {error ? (
        <Alert tone="error" className="mt-6">
          {_(error)}
        </Alert>
      ) : conversations.length === 0 ? (
        <EmptyState
          className="mt-8"
          icon={<MessageCircle className="h-10 w-10" />}
          title={_(msg`No messages yet`)}
          description={_(msg`Ask a host a question with 'Contact Host' on any listing; your conversations show up here.`)}
          action={
            <Link to="/explore" className={buttonVariants({ size: "md" })}>
              {_(msg`Explore listings`)}
            </Link>
          }
        />
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label={_(msg`Conversations`)}>
          {conversations.map((conversation) => (
            <li key={conversation.id} className="relative flex gap-3 p-4 hover:bg-slate-50">
              <Avatar src={conversation.other.avatarUrl} size="md" />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <Link
                    to={`/messages/${conversation.id}`}
                    className="font-semibold text-slate-900 after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-600"
                  >
                    {conversation.other.name}
                    <RoleNote name={conversation.other.name} role={conversation.other.role} />
                  </Link>
                  <time dateTime={conversation.lastMessageAt} className="text-xs text-slate-500">
                    {messageTime(conversation.lastMessageAt, locale)}
                  </time>
                </div>
                <p className="truncate text-sm text-slate-600">{conversation.space.title}</p>
                <div className="mt-1 flex items-center gap-2">
                  <p className={`min-w-0 flex-1 truncate text-sm ${conversation.unreadCount > 0 ? "font-semibold text-slate-900" : "text-slate-700"}`}>
                    {conversation.lastMessage ? lastMessageText(conversation.lastMessage, _) : _(msg`No messages yet`)}
                  </p>
                  {conversation.unreadCount > 0 && (
                    <Badge tone="solid">
                      <span aria-hidden="true">{conversation.unreadCount}</span>
                      <span className="sr-only">{unreadText(conversation.unreadCount, _)}</span>
                    </Badge>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
