import { msg } from "@lingui/core/macro";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { useTranslate } from "~/features/i18n/use-translate";
import { parseForm } from "~/lib/forms";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { IconButton } from "~/ui/icon-button";
import { Input, Select } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import type { ProfileActionResult } from "../profile-action.server";
import {
  LINK_ICONS,
  MAX_PROFILE_LINKS,
  PROFILE_LIMITS,
  profileLinkSchema,
} from "../profile-form";
import type { ProfileLinkRow } from "../profile.server";
import { useProfileErrorText } from "../profile-texts";
import { ProfileLinkIcon } from "./link-icon";

const validate = (formData: FormData) => parseForm(profileLinkSchema, formData);

/** The custom links of /profile (docs/product.md#profile): add (last), reorder, delete. */
export function ProfileLinksEditor({ links }: { links: ProfileLinkRow[] }) {
  const _ = useTranslate();
  // After a move, the moved link's button keeps the focus (the list is drawn again).
  const focusAfterMove = useRef<string | null>(null);
  useEffect(() => {
    const id = focusAfterMove.current;
    if (!id) return;
    focusAfterMove.current = null;
    const button = document.getElementById(id) as HTMLButtonElement | null;
    if (button && !button.disabled) button.focus();
    else
      document
        .getElementById(
          id.endsWith("-up")
            ? id.replace(/-up$/, "-down")
            : id.replace(/-down$/, "-up"),
        )
        ?.focus();
  }, [links]);

  return (
    <Card>
      <section aria-labelledby="profile-links-heading">
        <h2
          id="profile-links-heading"
          className="text-xl font-semibold text-slate-900"
        >
          {_(msg`Links`)}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {_(msg`Up to ${MAX_PROFILE_LINKS} links on your public page, in this order.`)}
        </p>
        {links.length === 0 ? (
          <EmptyState
            className="mt-4 py-6"
            headingLevel={3}
            title={_(msg`No links yet`)}
            description={_(msg`Add your website, booking calendar or shop.`)}
          />
        ) : (
          <ol
            className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200"
            aria-label={_(msg`Your links`)}
          >
            {links.map((link, index) => (
              <LinkRow
                key={link.id}
                link={link}
                first={index === 0}
                last={index === links.length - 1}
                onMoved={(buttonId) => (focusAfterMove.current = buttonId)}
              />
            ))}
          </ol>
        )}
        <AddLinkForm />
      </section>
    </Card>
  );
}

function LinkRow({
  link,
  first,
  last,
  onMoved,
}: {
  link: ProfileLinkRow;
  first: boolean;
  last: boolean;
  onMoved: (buttonId: string) => void;
}) {
  const _ = useTranslate();
  const fetcher = useFetcher<ProfileActionResult>();
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  const failed =
    fetcher.data && !fetcher.data.ok ? fetcher.data.formError : null;
  const move = (direction: "up" | "down") => {
    onMoved(`link-${link.id}-${direction}`);
    void fetcher.submit(
      { intent: "move-link", id: link.id, direction },
      { method: "post", action: "/profile" },
    );
  };
  return (
    <li
      className="flex flex-wrap items-center gap-3 px-3 py-2.5"
      aria-busy={busy || undefined}
    >
      <ProfileLinkIcon
        icon={link.icon}
        className="size-5 shrink-0 text-slate-500"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">{link.title}</p>
        <a
          href={link.url}
          target="_blank"
          rel="noopener noreferrer nofollow ugc"
          className="block truncate text-sm text-brand-700 hover:underline"
        >
          {link.url}
          <span className="sr-only"> {_(msg`(opens in a new tab)`)}</span>
        </a>
      </div>
      <div className="flex items-center gap-1">
        <IconButton
          id={`link-${link.id}-up`}
          label={_(msg`Move ${link.title} up`)}
          size="sm"
          disabled={!hydrated || busy || first}
          onClick={() => move("up")}
        >
          <ArrowUp aria-hidden="true" />
        </IconButton>
        <IconButton
          id={`link-${link.id}-down`}
          label={_(msg`Move ${link.title} down`)}
          size="sm"
          disabled={!hydrated || busy || last}
          onClick={() => move("down")}
        >
          <ArrowDown aria-hidden="true" />
        </IconButton>
        <IconButton
          label={_(msg`Delete ${link.title}`)}
          variant="danger"
          size="sm"
          disabled={!hydrated || busy}
          onClick={() =>
            void fetcher.submit(
              { intent: "delete-link", id: link.id },
              { method: "post", action: "/profile" },
            )
          }
        >
          <Trash2 aria-hidden="true" />
        </IconButton>
      </div>
      {failed && (
        <Alert tone="error" className="w-full py-2 text-sm">
          {_(failed)}
        </Alert>
      )}
    </li>
  );
}

function AddLinkForm() {
  const fetcher = useFetcher<ProfileActionResult>({ key: "add-link" });
  // Each added link starts a fresh, empty form.
  const [generation, setGeneration] = useState(0);
  const [handled, setHandled] = useState(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data !== handled) {
    setHandled(fetcher.data);
    if (fetcher.data?.ok) setGeneration((value) => value + 1);
  }
  const result = fetcher.data?.intent === "add-link" ? fetcher.data : null;
  return (
    <AddLinkFields
      key={generation}
      fetcher={fetcher}
      failure={result && !result.ok ? result : null}
    />
  );
}

type Failure = Extract<ProfileActionResult, { ok: false }>;

function AddLinkFields({
  fetcher,
  failure,
}: {
  fetcher: FetcherWithComponents<ProfileActionResult>;
  failure: Failure | null;
}) {
  const _ = useTranslate();
  const errorText = useProfileErrorText();
  const hydrated = useHydrated();
  const [title, setTitle] = useState("");
  const [url, setUrl] = useState("");
  const { formRef, errors, onSubmit, clearError } = useFormErrors<
    "title" | "url" | "icon"
  >({ validate, serverErrors: failure?.fieldErrors });

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/profile"
      noValidate
      onSubmit={onSubmit}
      className="mt-5 space-y-4 border-t border-slate-200 pt-5"
    >
      <h3 className="font-semibold text-slate-900">{_(msg`Add a link`)}</h3>
      <input type="hidden" name="intent" value="add-link" />
      {failure?.formError && <Alert tone="error">{_(failure.formError)}</Alert>}
      <div className="grid gap-4 sm:grid-cols-[1fr_1.4fr_auto]">
        <Field label={_(msg`Title`)} error={errorText(errors.title)}>
          <Input
            name="title"
            value={title}
            maxLength={PROFILE_LIMITS.linkTitle}
            onChange={(event) => {
              setTitle(event.target.value);
              clearError("title");
            }}
          />
        </Field>
        <Field label={_(msg`URL`)} error={errorText(errors.url)}>
          <Input
            name="url"
            type="url"
            inputMode="url"
            value={url}
            placeholder="https://"
            onChange={(event) => {
              setUrl(event.target.value);
              clearError("url");
            }}
          />
        </Field>
        <Field label={_(msg`Icon (optional)`)} error={errorText(errors.icon)}>
          <Select name="icon" defaultValue="">
            <option value="">{_(msg`None`)}</option>
            {LINK_ICONS.map((icon) => (
              <option key={icon.value} value={icon.value}>
                {_(icon.label)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Button
        type="submit"
        size="md"
        disabled={!hydrated || !title.trim() || !url.trim()}
        pending={fetcher.state !== "idle"}
        pendingText={_(msg`Adding…`)}
      >
        {_(msg`Add`)}<span className="sr-only"> {_(msg`link`)}</span>
      </Button>
    </fetcher.Form>
  );
}
