import { msg } from "@lingui/core/macro";
import { ToggleChip } from "~/ui/toggle-chip";
import { useTranslate } from "~/features/i18n/use-translate";
import { useEffect, useState, type FormEvent } from "react";
import {
  WISHLIST_NAME_MAX,
  wishlistNameFormSchema,
} from "~/features/wishlists/wishlist-rules";
import { parseForm } from "~/lib/forms";
import { ERROR_TEXT } from "~/lib/messages";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Dialog, DialogContent } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import {
  post,
  WISHLISTS_ENDPOINT as ENDPOINT,
  type ListChoice,
} from "./save-heart-api";

/** 'Save to a wishlist': the guest's lists as toggles, and a new list. */
export function ChooseListDialog({
  spaceId,
  title,
  message,
  onClose,
  onSavedChange,
}: {
  spaceId: string;
  title: string;
  message: string | null;
  onClose(): void;
  onSavedChange(anySaved: boolean): void;
}) {
  const [lists, setLists] = useState<ListChoice[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const _ = useTranslate();
  const max = WISHLIST_NAME_MAX;

  useEffect(() => {
    let live = true;
    void fetch(`${ENDPOINT}?spaceId=${encodeURIComponent(spaceId)}`, {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { lists?: ListChoice[] } | null) => {
        if (!live) return;
        if (body?.lists) setLists(body.lists);
        else setError(ERROR_TEXT.generic);
      })
      .catch(() => live && setError(ERROR_TEXT.generic));
    return () => {
      live = false;
    };
  }, [spaceId]);

  async function toggle(list: ListChoice) {
    const next = !list.saved;
    const update = (items: ListChoice[], saved: boolean) =>
      items.map((item) =>
        item.id === list.id
          ? { ...item, saved, count: item.count + (saved ? 1 : -1) }
          : item,
      );
    const optimistic = update(lists ?? [], next);
    setLists(optimistic);
    onSavedChange(optimistic.some((item) => item.saved));
    const answer = await post({
      intent: next ? "save" : "remove",
      spaceId,
      wishlistId: list.id,
    });
    if (!answer.ok) {
      const reverted = update(optimistic, !next);
      setLists(reverted);
      onSavedChange(reverted.some((item) => item.saved));
      setError(answer.error);
    } else setError(null);
  }

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseForm(wishlistNameFormSchema, { name });
    if (!parsed.ok) {
      setNameError(parsed.fieldErrors.name);
      return;
    }
    setBusy(true);
    const answer = await post({
      intent: "create",
      spaceId,
      name: parsed.data.name,
    });
    setBusy(false);
    if (!answer.ok) {
      if (answer.field === "name") setNameError(answer.error);
      else setError(answer.error);
      return;
    }
    setName("");
    setNameError(undefined);
    setLists((items) => [
      ...(items ?? []),
      {
        id: answer.wishlistId ?? crypto.randomUUID(),
        name: parsed.data.name,
        isDefault: false,
        count: 1,
        saved: true,
      },
    ]);
    onSavedChange(true);
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        size="sm"
        placement="sheet"
        title={_(msg`Save to a wishlist`)}
        description={
          message ? _(message) : _(msg`Choose the lists for ${title}.`)
        }
      >
        {error && (
          <Alert tone="error" className="mt-4 px-3 py-2 text-sm">
            {_(error)}
          </Alert>
        )}
        {lists === null && !error ? (
          <p className="mt-4 text-sm text-slate-600">
            {_(msg`Loading your lists…`)}
          </p>
        ) : (
          <ul className="mt-4 space-y-2" aria-label={_(msg`Your wishlists`)}>
            {(lists ?? []).map((list) => {
              const count = list.count;
              return (
                <li key={list.id}>
                  <ToggleChip
                    selected={list.saved}
                    onClick={() => void toggle(list)}
                    className="w-full justify-between gap-3 rounded-lg text-start"
                  >
                    <span className="truncate">{list.name}</span>
                    <span className="shrink-0 text-xs font-normal">
                      {list.saved ? _(msg`Saved`) : _(msg`${count} saved`)}
                    </span>
                  </ToggleChip>
                </li>
              );
            })}
          </ul>
        )}
        <form
          noValidate
          onSubmit={(event) => void create(event)}
          className="mt-5 flex flex-col gap-3 border-t border-slate-200 pt-4"
        >
          <Field
            label={_(msg`New list`)}
            error={nameError}
            hint={nameError ? undefined : _(msg`Up to ${max} characters.`)}
          >
            <Input
              name="name"
              value={name}
              maxLength={WISHLIST_NAME_MAX}
              autoComplete="off"
              onChange={(event) => {
                setName(event.target.value);
                setNameError(undefined);
              }}
            />
          </Field>
          <Button
            type="submit"
            variant="secondary"
            pending={busy}
            pendingText={_(msg`Creating…`)}
          >
            {_(msg`Create and save`)}
          </Button>
        </form>
        <p className="mt-4 text-sm">
          <a
            href="/wishlists"
            className="font-semibold text-brand-800 underline"
          >
            {_(msg`See your wishlists`)}
          </a>
        </p>
      </DialogContent>
    </Dialog>
  );
}
