import { msg } from "@lingui/core/macro";
import { Pencil, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { PROFILE_UPDATE_TYPES } from "~/db/schema/profiles";
import { useTranslate } from "~/features/i18n/use-translate";
import { parseForm } from "~/lib/forms";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Checkbox } from "~/ui/checkbox";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { Input, Select, Textarea } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import type { ProfileActionResult } from "../profile-action.server";
import {
  POST_TYPE_LABELS,
  PROFILE_LIMITS,
  profilePostSchema,
} from "../profile-form";
import type { ProfilePostRow } from "../profile.server";
import { useProfileErrorText } from "../profile-texts";
import { PostBody } from "./profile-post-card";

const validate = (formData: FormData) => parseForm(profilePostSchema, formData);
type PostField = "title" | "content" | "type" | "isPinned";

/**
 * The posts of /profile (docs/product.md#profile): a form in create or edit mode, and the
 * list, pinned first then newest.
 */
export function ProfilePostsEditor({ posts }: { posts: ProfilePostRow[] }) {
  const _ = useTranslate();
  const [editing, setEditing] = useState<ProfilePostRow | null>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const fetcher = useFetcher<ProfileActionResult>({ key: "post-form" });
  // A saved post ends the edit and starts a fresh, empty form.
  const [generation, setGeneration] = useState(0);
  const [handled, setHandled] = useState(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data !== handled) {
    setHandled(fetcher.data);
    if (fetcher.data?.ok) {
      setGeneration((value) => value + 1);
      setEditing(null);
    }
  }
  return (
    <Card>
      <section aria-labelledby="profile-posts-heading">
        <h2
          id="profile-posts-heading"
          className="text-xl font-semibold text-slate-900"
        >
          {_(msg`Updates`)}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {_(msg`News for your guests: pinned posts stay at the top of your public page.`)}
        </p>
        <PostForm
          key={`${editing?.id ?? "new"}-${generation}`}
          fetcher={fetcher}
          editing={editing}
          headingRef={formHeading}
          onDone={() => setEditing(null)}
        />
        {posts.length === 0 ? (
          <EmptyState
            className="mt-6 py-6"
            headingLevel={3}
            title={_(msg`No updates yet`)}
            description={_(msg`Share news about your spaces with your guests.`)}
          />
        ) : (
          <ul className="mt-6 space-y-3" aria-label={_(msg`Your updates`)}>
            {posts.map((post) => (
              <PostRow
                key={post.id}
                post={post}
                onEdit={() => {
                  setEditing(post);
                  requestAnimationFrame(() => formHeading.current?.focus());
                }}
                onDeleted={() => editing?.id === post.id && setEditing(null)}
              />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

function PostForm({
  fetcher,
  editing,
  headingRef,
  onDone,
}: {
  fetcher: FetcherWithComponents<ProfileActionResult>;
  editing: ProfilePostRow | null;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onDone: () => void;
}) {
  const _ = useTranslate();
  const errorText = useProfileErrorText();
  const hydrated = useHydrated();
  const [title, setTitle] = useState(editing?.title ?? "");
  const [content, setContent] = useState(editing?.content ?? "");
  const intent = editing ? "update-post" : "add-post";
  const result = fetcher.data?.intent === intent ? fetcher.data : null;
  const failure = result && !result.ok ? result : null;
  const { formRef, errors, onSubmit, clearError } = useFormErrors<PostField>({
    validate,
    serverErrors: failure?.fieldErrors,
  });

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/profile"
      noValidate
      onSubmit={onSubmit}
      className="mt-5 space-y-4 rounded-xl bg-slate-50 p-4"
    >
      <h3
        ref={headingRef}
        tabIndex={-1}
        className="font-semibold text-slate-900 outline-none"
      >
        {editing ? _(msg`Edit update`) : _(msg`New update`)}
      </h3>
      <input type="hidden" name="intent" value={intent} />
      {editing && <input type="hidden" name="id" value={editing.id} />}
      {failure?.formError && <Alert tone="error">{_(failure.formError)}</Alert>}
      <Field label={_(msg`Title`)} error={errorText(errors.title)}>
        <Input
          name="title"
          value={title}
          maxLength={PROFILE_LIMITS.postTitle}
          onChange={(event) => {
            setTitle(event.target.value);
            clearError("title");
          }}
        />
      </Field>
      <Field label={_(msg`Content`)} error={errorText(errors.content)}>
        <Textarea
          name="content"
          rows={4}
          value={content}
          onChange={(event) => {
            setContent(event.target.value);
            clearError("content");
          }}
        />
      </Field>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <Field label={_(msg`Type`)} error={errorText(errors.type)} className="sm:w-60">
          <Select name="type" defaultValue={editing?.type ?? "general"}>
            {PROFILE_UPDATE_TYPES.map((type) => (
              <option key={type} value={type}>
                {_(POST_TYPE_LABELS[type])}
              </option>
            ))}
          </Select>
        </Field>
        <Checkbox
          name="isPinned"
          label={_(msg`Pin to the top`)}
          defaultChecked={editing?.isPinned ?? false}
          className="sm:pb-3"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          size="md"
          disabled={!hydrated || !title.trim() || !content.trim()}
          pending={fetcher.state !== "idle"}
          pendingText={_(msg`Saving…`)}
        >
          {editing ? (
            _(msg`Update`)
          ) : (
            <>
              {_(msg`Add`)}<span className="sr-only"> {_(msg`update`)}</span>
            </>
          )}
        </Button>
        {editing && (
          <Button variant="secondary" size="md" onClick={onDone}>
            {_(msg`Cancel`)}
          </Button>
        )}
      </div>
    </fetcher.Form>
  );
}

function PostRow({
  post,
  onEdit,
  onDeleted,
}: {
  post: ProfilePostRow;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const _ = useTranslate();
  const fetcher = useFetcher<ProfileActionResult>();
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  const failed =
    fetcher.data && !fetcher.data.ok ? fetcher.data.formError : null;
  return (
    <li
      className="rounded-xl border border-slate-200 p-4"
      aria-busy={busy || undefined}
    >
      <PostBody post={post} />
      <div className="mt-3 flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={!hydrated || busy}
          onClick={onEdit}
          aria-label={_(msg`Edit ${post.title}`)}
        >
          <Pencil className="size-4" aria-hidden="true" /> {_(msg`Edit`)}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="text-red-700"
          disabled={!hydrated || busy}
          aria-label={_(msg`Delete ${post.title}`)}
          onClick={() => {
            onDeleted();
            void fetcher.submit(
              { intent: "delete-post", id: post.id },
              { method: "post", action: "/profile" },
            );
          }}
        >
          <Trash2 className="size-4" aria-hidden="true" /> {_(msg`Delete`)}
        </Button>
      </div>
      {failed && (
        <Alert tone="error" className="mt-3 py-2 text-sm">
          {_(failed)}
        </Alert>
      )}
    </li>
  );
}
