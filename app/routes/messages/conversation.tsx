import { msg } from "@lingui/core/macro";
import { ArrowLeft } from "lucide-react";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { data, Form, Link, useNavigation, useRevalidator } from "react-router";
import { metaTranslate, type Translate } from "~/features/i18n/translate";
import { requestTranslate } from "~/features/i18n/request-i18n.server";
import { requireUser } from "~/features/auth/session.server";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { RequestsSection } from "~/features/bookings/components/request-answer";
import { listOpenRequests } from "~/features/bookings/requests.server";
import { messageTime } from "~/features/messages/format";
import { MESSAGE_MAX_LENGTH, messageSchema, type MessageInput } from "~/features/messages/message-schema";
import { loadConversation, markConversationRead, sendMessage, setBlocked, type ConversationView } from "~/features/messages/messages.server";
import { useLiveEvents } from "~/features/realtime/use-live-events";
import { GeneralErrorBoundary, NotFoundPage } from "~/features/shell/components/general-error-boundary";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { parseForm } from "~/lib/forms";
import { notFound } from "~/lib/http";
import { ERROR_TEXT, NOT_FOUND_TEXT } from "~/lib/messages";
import { readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import { pageMeta } from "~/lib/seo";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Avatar } from "~/ui/avatar";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Dialog, DialogClose, DialogContent } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Textarea } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import type { Route } from "./+types/conversation";

/**
 * /messages/:conversationId (docs/product.md#messages): the messages, oldest first, as text;
 * opening it marks them read. Only the guest and the host may read it (admins too,
 * read-only, for abuse reports); anyone else, and an unknown id, gets a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const conversation = await loadConversation(db, { conversationId: params.conversationId, viewer: user });
  if (!conversation) notFound(NOT_FOUND_TEXT.conversation);
  const now = requestNow(request);
  const markedRead = conversation.viewerRole === "admin" ? false : await markConversationRead(db, { conversationId: conversation.id, userId: user.id, now });
  // The host answers this guest's open requests here too (issue #28): only the host sees them.
  const requests = conversation.viewerRole === "host" ? await listOpenRequests(db, user.id, now, { guestId: conversation.guest.id }) : [];
  return { conversation, viewerId: user.id, markedRead, requests, now: now.toISOString() };
}

type ActionResult = { ok: true; intent: string } | { ok: false; fieldErrors: { body?: string }; formError?: string };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!body.ok) return data<ActionResult>({ ok: false, fieldErrors: { body: ERROR_TEXT.messageTooLong } }, { status: 413 });
  const db = await getDb();
  const now = requestNow(request);
  const intent = body.form.get("intent");
  if (intent === "block" || intent === "unblock") {
    const result = await setBlocked(db, { conversationId: params.conversationId, userId: user.id, blocked: intent === "block", now });
    if (!result.ok) notFound(NOT_FOUND_TEXT.conversation);
    return { ok: true, intent } satisfies ActionResult;
  }
  const sent = await sendMessage(db, { conversationId: params.conversationId, senderId: user.id, body: body.form.get("body"), now, say: await requestTranslate(request) });
  if (sent.ok) return { ok: true, intent: "send" } satisfies ActionResult;
  if (sent.status === 404) notFound(NOT_FOUND_TEXT.conversation);
  const failure: ActionResult = sent.field ? { ok: false, fieldErrors: { body: sent.error } } : { ok: false, fieldErrors: {}, formError: sent.error };
  return data(failure, { status: sent.status });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const other = loaderData ? (loaderData.conversation.viewerRole === "host" ? loaderData.conversation.guest : loaderData.conversation.host) : null;
  const _ = metaTranslate(matches);
  const name = other?.name ?? "";
  return pageMeta({
    title: other ? _(msg`Messages with ${name}`) : _(NOT_FOUND_TEXT.conversation),
    description: _(msg`A conversation between a guest and a host.`),
    path: location.pathname,
    matches,
    noIndex: true,
  });
};

export function ErrorBoundary() {
  const _ = useTranslate();
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <NotFoundPage
            title={_(NOT_FOUND_TEXT.conversation)}
            text={_(msg`This conversation does not exist or is not yours.`)}
            link={{ to: "/messages", label: _(msg`All messages`) }}
          />
        ),
      }}
    />
  );
}

/** The live stream, the read marks and the header badge follow the page. */
function useLiveConversation(conversationId: string, markedRead: boolean) {
  const revalidator = useRevalidator();
  const reload = useEffectEvent(() => void revalidator.revalidate());
  useLiveEvents(
    ["messages"],
    (event) => {
      if (event.conversationId === conversationId) void revalidator.revalidate();
    },
    () => void revalidator.revalidate(),
  );
  // Opening marked messages read after the header's count was taken: count again once.
  useEffect(() => {
    if (markedRead) reload();
  }, [markedRead, conversationId]);
}

export default function ConversationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { conversation, viewerId, markedRead, requests, now } = loaderData;
  const _ = useTranslate();
  const locale = useLocale();
  useLiveConversation(conversation.id, markedRead);
  const admin = conversation.viewerRole === "admin";
  const other = conversation.viewerRole === "host" ? conversation.guest : conversation.host;
  const otherName = other.name;
  const listRef = useRef<HTMLOListElement>(null);
  const lastId = conversation.messages.at(-1)?.id;
  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView({ block: "nearest" });
  }, [lastId]);

  return (
    <section className="mx-auto flex max-w-3xl flex-col px-4 py-6 sm:px-6 sm:py-10">
      <Link to="/messages" className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" /> {_(msg`All messages`)}
      </Link>
      <header className="mt-4 flex flex-wrap items-center gap-3 border-b border-slate-200 pb-4">
        <Avatar src={admin ? null : other.avatarUrl} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold text-slate-900">
            {admin ? bothNames(conversation, _) : other.name}
          </h1>
          <p className="text-sm text-slate-600">
            <AboutSpace space={conversation.space} />
          </p>
        </div>
        {!admin && <BlockControl blocked={conversation.blockedByMe} name={other.name} />}
      </header>

      <RequestsSection requests={requests} now={new Date(now)} />

      {admin && (
        <Alert tone="info" live={false} className="mt-4 text-sm">
          {_(msg`You are reading this conversation as an admin. It is read-only.`)}
        </Alert>
      )}

      {conversation.messages.length === 0 ? (
        <p className="py-10 text-center text-slate-600">{_(msg`No messages yet. Say hello!`)}</p>
      ) : (
        <ol ref={listRef} aria-label={_(msg`Messages`)} className="mt-4 space-y-3">
          {conversation.messages.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              mine={message.senderId === viewerId}
              author={authorName(conversation, message.senderId, viewerId, _)}
              time={messageTime(message.createdAt, locale)}
            />
          ))}
        </ol>
      )}

      {admin ? null : conversation.blockedByMe ? (
        <Alert tone="info" live={false} className="mt-6 text-sm">
          {_(msg`You have blocked ${otherName}. They cannot message you until you unblock them.`)}
        </Alert>
      ) : conversation.blockedByThem ? (
        <Alert tone="error" live={false} className="mt-6 text-sm">
          {_(ERROR_TEXT.messageBlockedByThem)}
        </Alert>
      ) : (
        <MessageComposer conversationId={conversation.id} actionData={actionData} recipient={otherName} />
      )}
    </section>
  );
}

/** "You", the other person's name, or for an admin each name with its side. */
function authorName(conversation: ConversationView, senderId: string, viewerId: string, _: Translate) {
  if (senderId === viewerId) return _(msg`You`);
  const person = senderId === conversation.host.id ? conversation.host : conversation.guest;
  if (conversation.viewerRole !== "admin") return person.name;
  const name = person.name;
  return senderId === conversation.host.id ? _(msg`${name} (host)`) : _(msg`${name} (guest)`);
}

/** An admin's heading: both people. */
function bothNames(conversation: ConversationView, _: Translate) {
  const guest = conversation.guest.name;
  const host = conversation.host.name;
  return _(msg`${guest} and ${host}`);
}

/** 'About <the listing>', the listing a link wherever the language puts it. */
function AboutSpace({ space }: { space: ConversationView["space"] }) {
  const _ = useTranslate();
  const title = space.title;
  const text = _(msg`About ${title}`);
  const at = text.indexOf(title);
  const link = (
    <Link to={space.href} className="font-medium text-brand-700 underline">
      {title}
    </Link>
  );
  if (at < 0) return link;
  return (
    <>
      {text.slice(0, at)}
      {link}
      {text.slice(at + title.length)}
    </>
  );
}

/** One message, as text: markup and links are shown exactly as written, never as HTML. */
function MessageBubble({ message, mine, author, time }: { message: ConversationView["messages"][number]; mine: boolean; author: string; time: string }) {
  return (
    <li className={cn("flex", mine ? "justify-end" : "justify-start")} data-testid="message">
      <div className={cn("max-w-[85%] rounded-2xl px-4 py-2 sm:max-w-[75%]", mine ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-900")}>
        <p className={cn("text-xs", mine ? "text-brand-50" : "text-slate-600")}>
          <span className="font-semibold">{author}</span> · <time dateTime={message.createdAt}>{time}</time>
        </p>
        <p dir="auto" className="mt-0.5 break-words whitespace-pre-wrap">{message.body}</p>
      </div>
    </li>
  );
}

const validateMessage = (formData: FormData) => parseForm(messageSchema, formData);

function MessageComposer({ conversationId, actionData, recipient }: { conversationId: string; actionData: ActionResult | undefined; recipient: string }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "send";
  const [typed, setTyped] = useState({ length: 0, basis: actionData });
  // A new answer from the server (a sent message empties the box) starts the count again.
  const length = typed.basis === actionData ? typed.length : 0;
  const serverErrors = actionData && !actionData.ok ? actionData.fieldErrors : undefined;
  const { formRef, errors, onSubmit, clearError } = useFormErrors<keyof MessageInput>({ validate: validateMessage, serverErrors });
  const formError = actionData && !actionData.ok ? actionData.formError : undefined;
  const _ = useTranslate();
  const locale = useLocale();
  const typedCount = length.toLocaleString(locale === "en" ? "en-US" : locale);
  const maxCount = MESSAGE_MAX_LENGTH.toLocaleString(locale === "en" ? "en-US" : locale);

  // A sent message: empty the box for the next one.
  useEffect(() => {
    if (actionData?.ok && actionData.intent === "send") formRef.current?.reset();
  }, [actionData, formRef]);

  return (
    <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="mt-6 space-y-3" key={conversationId}>
      <input type="hidden" name="intent" value="send" />
      {formError && (
        <Alert tone="error" className="text-sm font-medium">
          {_(formError)}
        </Alert>
      )}
      <Field
        id="message-body"
        label={_(msg`Message to ${recipient}`)}
        error={errors.body && _(errors.body)}
        hint={
          <span className={cn("block text-end", length > MESSAGE_MAX_LENGTH ? "font-semibold text-red-700" : "text-slate-600")}>
            {_(msg`${typedCount} / ${maxCount} characters`)}
          </span>
        }
      >
        <Textarea
          name="body"
          rows={3}
          required
          onChange={(event) => {
            setTyped({ length: event.target.value.length, basis: actionData });
            clearError("body");
          }}
          className="py-2.5"
        />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" size="md" pending={sending} pendingText={_(msg`Sending…`)}>
          {_(msg`Send`)}
        </Button>
      </div>
    </Form>
  );
}

/** Block (after a confirmation) or unblock the other person: a blocked user cannot message the blocker. */
function BlockControl({ blocked, name }: { blocked: boolean; name: string }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const intent = blocked ? "unblock" : "block";
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const _ = useTranslate();
  if (blocked) {
    return (
      <Form method="post">
        <input type="hidden" name="intent" value="unblock" />
        <Button type="submit" variant="secondary" size="sm" pending={pending} aria-label={_(msg`Unblock ${name}`)}>
          {_(msg`Unblock`)}
        </Button>
      </Form>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} disabled={!hydrated} pending={pending} aria-label={_(msg`Block ${name}`)}>
        {_(msg`Block`)}
      </Button>
      <DialogContent title={_(msg`Block ${name}?`)} size="sm" description={_(msg`${name} will not be able to message you. You can unblock them here at any time.`)}>
        <Form method="post" onSubmit={() => setOpen(false)} className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <input type="hidden" name="intent" value="block" />
          <DialogClose asChild>
            <Button variant="secondary" size="md">
              {_(msg`Cancel`)}
            </Button>
          </DialogClose>
          <Button type="submit" variant="danger" size="md">
            {_(msg`Block ${name}`)}
          </Button>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
