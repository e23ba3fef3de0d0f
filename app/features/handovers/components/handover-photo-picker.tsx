import { AlertTriangle, ImagePlus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ACCEPT_IMAGES, MAX_IMAGE_BYTES } from "~/features/media/sniff";
import { uploadMediaFile } from "~/features/media/upload-client";
import { LISTING_MAX_IMAGES, LISTING_MAX_VIDEOS } from "~/features/media/upload-limits";
import { buttonVariants } from "~/ui/button";
import { IconButton } from "~/ui/icon-button";
import { HANDOVER_MAX_PHOTOS, HANDOVER_TEXT } from "../handover-rules";
import { msg } from "@lingui/core/macro";
import { useTranslate } from "~/features/i18n/use-translate";
import type { Translate } from "~/features/i18n/translate";

/**
 * The photos of a handover record: each file goes up through the media pipeline
 * (POST /api/media/uploads: sniffed, re-encoded, counted in the uploader's quota) as soon as
 * it is chosen; the form then sends the stored URLs as `photos` and the server checks every
 * one is this user's fresh upload (ADR 0277). Images only, at most HANDOVER_MAX_PHOTOS.
 */

type Item = { id: string; name: string; preview: string; url?: string; progress: number; status: "uploading" | "done" | "error"; error?: string };

let counter = 0;
const nextId = () => `h${++counter}-${Date.now()}`;

/**
 * The pipeline's endpoint lets a listing hold LISTING_MAX_IMAGES and says how many the form
 * already holds (`?images=`): asking as if it held all but the photos this record may still
 * take caps the request at them, and `videos` at the listing's limit refuses any video.
 */
function uploadPhoto(file: File, held: number, max: number, onProgress: (fraction: number) => void, _: Translate) {
  return uploadMediaFile(file, { images: LISTING_MAX_IMAGES - (max - held), videos: LISTING_MAX_VIDEOS }, onProgress, _);
}

export function HandoverPhotoPicker({
  label,
  error,
  onBusyChange,
  max = HANDOVER_MAX_PHOTOS,
}: {
  /** "check-in" or "check-out", for the controls' names. */
  label: string;
  error?: string;
  onBusyChange: (busy: boolean) => void;
  /** At most this many photos (a damage claim takes 6, ADR 0284). */
  max?: number;
}) {
  const _ = useTranslate();
  const [items, setItems] = useState<Item[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const held = items.filter((item) => item.status !== "error");
  const busy = items.some((item) => item.status === "uploading");

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const update = (id: string, patch: Partial<Item>) => setItems((all) => all.map((item) => (item.id === id ? { ...item, ...patch } : item)));

  async function addFiles(files: FileList | null) {
    if (!files || files.length === 0) return;
    setProblem(null);
    setMessage(null);
    const chosen = Array.from(files);
    // The server refuses each of these too; saying so now spares an upload on a phone.
    if (chosen.some((file) => !file.type.startsWith("image/"))) return setProblem(_(HANDOVER_TEXT.errors.onlyPhotos));
    if (chosen.length > max - held.length) return setProblem(_(msg`Add at most ${max} photos. You can add ${Math.max(0, max - held.length)} more.`));
    const tooLarge = chosen.find((file) => file.size > MAX_IMAGE_BYTES);
    if (tooLarge) return setProblem(_(msg`"${tooLarge.name}" is larger than 10 MB, the limit for an image.`));
    const empty = chosen.find((file) => file.size === 0);
    if (empty) return setProblem(_(msg`"${empty.name}" is empty.`));
    const added = chosen.map((file) => ({ file, item: { id: nextId(), name: file.name, preview: URL.createObjectURL(file), progress: 0, status: "uploading" as const } satisfies Item }));
    setItems((all) => [...all, ...added.map((entry) => entry.item)]);
    let count = held.length;
    for (const { file, item } of added) {
      const result = await uploadPhoto(file, count, max, (fraction) => update(item.id, { progress: fraction }), _);
      const stored = result.files?.[0];
      if (result.status >= 200 && result.status < 300 && stored) {
        update(item.id, { status: "done", progress: 1, url: stored.url });
        count += 1;
      } else {
        update(item.id, { status: "error", error: result.error ? _(result.error) : _(msg`"${file.name}" could not be uploaded.`) });
      }
    }
  }

  function remove(item: Item) {
    setItems((all) => all.filter((other) => other.id !== item.id));
    URL.revokeObjectURL(item.preview);
    // An upload no record will use is deleted now (the sweep would take it after a day).
    if (item.url) {
      const body = new FormData();
      body.set("url", item.url);
      void fetch("/api/media/uploads", { method: "DELETE", body }).catch(() => undefined);
    }
    setMessage(_(msg`Removed ${item.name}.`));
  }

  return (
    <div>
      <p className="text-sm font-medium text-slate-800">{_(HANDOVER_TEXT.photos)}</p>
      <p className="mt-1 text-xs text-slate-500">{_(msg`Up to ${max} photos (JPEG, PNG, WebP, GIF or AVIF, 10 MB each).`)}</p>
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={held.length >= max}
        className={buttonVariants({ variant: "outline", size: "md", className: "mt-2 py-2 text-sm" })}
      >
        <ImagePlus className="h-4 w-4" aria-hidden="true" /> {_(HANDOVER_TEXT.addPhotos)}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT_IMAGES}
        className="sr-only"
        aria-label={_(msg`Choose photos for ${label}`)}
        tabIndex={-1}
        onChange={(event) => {
          void addFiles(event.target.files);
          event.target.value = "";
        }}
      />
      <p role="status" aria-live="polite" className="mt-1 text-sm text-slate-700">
        {message}
      </p>
      {(problem ?? error) && (
        <p className="mt-1 text-sm font-medium text-red-700" role="alert">
          {problem ?? (error ? _(error) : null)}
        </p>
      )}
      {items.length > 0 && (
        <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={_(msg`Photos for ${label}`)}>
          {items.map((item, index) => (
            <li key={item.id} className="overflow-hidden rounded-lg border border-slate-200 bg-slate-50" data-testid="handover-photo-item">
              <div className="relative aspect-[4/3] bg-slate-200">
                {item.status === "error" ? (
                  <div className="flex h-full items-center justify-center text-red-700">
                    <AlertTriangle className="h-6 w-6" aria-hidden="true" />
                  </div>
                ) : (
                  <img src={item.preview} alt={_(msg`Preview of ${item.name}`)} className="h-full w-full object-cover" />
                )}
              </div>
              <div className="flex items-center gap-1 p-1.5">
                <div className="min-w-0 flex-1">
                  {item.status === "uploading" ? (
                    <progress className="h-2 w-full accent-brand-600" max={100} value={Math.round(item.progress * 100)} aria-label={_(msg`Uploading ${item.name}`)} />
                  ) : item.status === "error" ? (
                    <p className="text-xs text-red-700" role="alert">
                      {item.error}
                    </p>
                  ) : (
                    <p className="truncate text-xs text-slate-700" title={item.name}>
                      {item.name}
                    </p>
                  )}
                </div>
                <IconButton variant="danger" size="sm" label={_(msg`Remove photo ${index + 1}`)} onClick={() => remove(item)} disabled={item.status === "uploading"}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </IconButton>
              </div>
              {item.status === "done" && item.url && <input type="hidden" name="photos" value={item.url} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
