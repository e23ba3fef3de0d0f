import { AlertTriangle, ArrowDown, ArrowUp, ImagePlus, Trash2, Video } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslate } from "~/features/i18n/use-translate";
import { ACCEPT_IMAGES, ACCEPT_VIDEOS, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from "~/features/media/sniff";
import { uploadMediaFile } from "~/features/media/upload-client";
import { cardImageUrl } from "~/features/media/urls";
import { MAX_IMAGES, MAX_VIDEOS } from "../listing-form";
import { buttonVariants } from "~/ui/button";
import { IconButton } from "~/ui/icon-button";
import { Badge } from "~/ui/badge";

/**
 * Photos and videos of a listing: uploads with a progress bar (XMLHttpRequest to
 * /api/media/uploads), previews, reordering (the first photo is the cover) and
 * removal. The form submits the ordered URLs as hidden inputs; the server checks
 * every URL is one of this user's uploads.
 */

type Kind = "image" | "video";
type Item = {
  id: string;
  kind: Kind;
  name: string;
  url?: string;
  preview?: string;
  progress: number;
  status: "uploading" | "done" | "error";
  error?: string;
  /** Already saved on the listing before this edit. */
  saved: boolean;
};

let counter = 0;
const nextId = () => `m${++counter}-${Date.now()}`;

export function MediaUploader({
  initialImages,
  initialVideos,
  error,
  onBusyChange,
}: {
  initialImages: string[];
  initialVideos: string[];
  error?: string;
  onBusyChange?: (busy: boolean) => void;
}) {
  const [items, setItems] = useState<Item[]>(() => [
    ...initialImages.map((url) => ({ id: nextId(), kind: "image" as const, name: url.split("/").pop() ?? "photo", url, progress: 1, status: "done" as const, saved: true })),
    ...initialVideos.map((url) => ({ id: nextId(), kind: "video" as const, name: url.split("/").pop() ?? "video", url, progress: 1, status: "done" as const, saved: true })),
  ]);
  const _ = useTranslate();
  const [message, setMessage] = useState<string | null>(null);
  /** A choice refused before uploading (too many, too large, empty): shown in red, announced at once. */
  const [problem, setProblem] = useState<string | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const statusId = useId();

  const images = items.filter((item) => item.kind === "image" && item.status !== "error");
  const videos = items.filter((item) => item.kind === "video" && item.status !== "error");
  const busy = items.some((item) => item.status === "uploading");

  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const update = (id: string, patch: Partial<Item>) => setItems((all) => all.map((item) => (item.id === id ? { ...item, ...patch } : item)));

  async function addFiles(files: FileList | null, kind: Kind) {
    if (!files || files.length === 0) return;
    setMessage(null);
    setProblem(null);
    const room = kind === "image" ? MAX_IMAGES - images.length : MAX_VIDEOS - videos.length;
    const chosen = Array.from(files);
    const left = Math.max(0, room);
    if (chosen.length > room) {
      setProblem(
        kind === "image"
          ? _(msg`A listing can have at most ${MAX_IMAGES} photos; you can add ${left} more.`)
          : _(msg`A listing can have at most ${MAX_VIDEOS} videos; you can add ${left} more.`),
      );
      return;
    }
    // The server refuses these too; saying so at once spares a long upload on a phone.
    const limit = kind === "image" ? MAX_IMAGE_BYTES : MAX_VIDEO_BYTES;
    const tooLarge = chosen.find((file) => file.size > limit);
    if (tooLarge) {
      const name = tooLarge.name;
      setProblem(kind === "image" ? _(msg`"${name}" is larger than 10 MB, the limit for an image.`) : _(msg`"${name}" is larger than 100 MB, the limit for a video.`));
      return;
    }
    const empty = chosen.find((file) => file.size === 0);
    if (empty) {
      const name = empty.name;
      setProblem(_(msg`"${name}" is empty.`));
      return;
    }
    const added = chosen.map((file) => ({
      file,
      item: {
        id: nextId(),
        kind,
        name: file.name,
        preview: URL.createObjectURL(file),
        progress: 0,
        status: "uploading" as const,
        saved: false,
      } satisfies Item,
    }));
    setItems((all) => [...all, ...added.map((entry) => entry.item)]);
    let counts = { images: images.length, videos: videos.length };
    for (const { file, item } of added) {
      const result = await uploadMediaFile(file, counts, (fraction) => update(item.id, { progress: fraction }), _);
      const stored = result.files?.[0];
      if (result.status >= 200 && result.status < 300 && stored) {
        update(item.id, { status: "done", progress: 1, url: stored.url });
        counts = stored.kind === "image" ? { ...counts, images: counts.images + 1 } : { ...counts, videos: counts.videos + 1 };
      } else {
        const name = file.name;
        update(item.id, { status: "error", error: result.error ? _(result.error) : _(msg`"${name}" could not be uploaded.`) });
      }
    }
  }

  function remove(item: Item) {
    setItems((all) => all.filter((other) => other.id !== item.id));
    if (item.preview) URL.revokeObjectURL(item.preview);
    // A fresh upload nobody will use is deleted now; saved media are deleted when the form is saved.
    if (item.url && !item.saved) {
      const body = new FormData();
      body.set("url", item.url);
      void fetch("/api/media/uploads", { method: "DELETE", body }).catch(() => undefined);
    }
    const name = item.name;
    setMessage(_(msg`Removed ${name}.`));
  }

  function move(item: Item, direction: -1 | 1) {
    setItems((all) => {
      const same = all.filter((other) => other.kind === item.kind);
      const others = all.filter((other) => other.kind !== item.kind);
      const index = same.findIndex((other) => other.id === item.id);
      const target = index + direction;
      if (target < 0 || target >= same.length) return all;
      [same[index], same[target]] = [same[target]!, same[index]!];
      return [...same, ...others];
    });
    const name = item.name;
    setMessage(direction < 0 ? _(msg`Moved ${name} up.`) : _(msg`Moved ${name} down.`));
  }

  const renderList = (kind: Kind) => {
    const list = items.filter((item) => item.kind === kind);
    if (list.length === 0) return null;
    return (
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={kind === "image" ? _(msg`Photos`) : _(msg`Videos`)}>
        {list.map((item, index) => {
          const position = index + 1;
          const name = item.name;
          const percent = Math.round(item.progress * 100);
          // Saved photos show their small card size; fresh ones their local preview.
          const src = item.preview ?? (item.url && kind === "image" ? cardImageUrl(item.url) : item.url);
          return (
            <li key={item.id} className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-50" data-testid="media-item">
              <div className="relative aspect-[4/3] bg-slate-200">
                {item.status === "error" ? (
                  <div className="flex h-full items-center justify-center text-red-700">
                    <AlertTriangle className="h-8 w-8" aria-hidden="true" />
                  </div>
                ) : kind === "image" && src ? (
                  <img src={src} alt={_(msg`Preview of ${name}`)} className="h-full w-full object-cover" />
                ) : src ? (
                  <video src={src} className="h-full w-full object-cover" muted preload="metadata" aria-label={_(msg`Preview of ${name}`)} />
                ) : null}
                {kind === "image" && index === 0 && item.status !== "error" && (
                  <Badge tone="solid" className="absolute start-2 top-2">
                    {_(msg`Cover`)}
                  </Badge>
                )}
              </div>
              <div className="p-2">
                <p className="truncate text-xs text-slate-700" title={item.name}>
                  {item.name}
                </p>
                {item.status === "uploading" && (
                  <div className="mt-1">
                    <progress
                      className="h-2 w-full accent-brand-600"
                      max={100}
                      value={Math.round(item.progress * 100)}
                      aria-label={_(msg`Uploading ${name}`)}
                    />
                    <span className="text-xs text-slate-600">{_(msg`Uploading… ${percent}%`)}</span>
                  </div>
                )}
                {item.status === "error" && (
                  <p className="mt-1 text-xs text-red-700" role="alert">
                    {item.error}
                  </p>
                )}
                <div className="mt-2 flex gap-1">
                  <IconButton variant="secondary" size="sm" label={kind === "image" ? _(msg`Move photo ${position} up`) : _(msg`Move video ${position} up`)} onClick={() => move(item, -1)} disabled={index === 0 || item.status !== "done"}>
                    <ArrowUp className="h-4 w-4" aria-hidden="true" />
                  </IconButton>
                  <IconButton variant="secondary" size="sm" label={kind === "image" ? _(msg`Move photo ${position} down`) : _(msg`Move video ${position} down`)} onClick={() => move(item, 1)} disabled={index === list.length - 1 || item.status !== "done"}>
                    <ArrowDown className="h-4 w-4" aria-hidden="true" />
                  </IconButton>
                  <IconButton variant="danger" size="sm" label={kind === "image" ? _(msg`Remove photo ${position}`) : _(msg`Remove video ${position}`)} onClick={() => remove(item)} disabled={item.status === "uploading"} className="ms-auto">
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </IconButton>
                </div>
              </div>
              {item.status === "done" && item.url && <input type="hidden" name={kind === "image" ? "images" : "videos"} value={item.url} />}
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <div className="sm:col-span-2">
      <p className="text-sm text-slate-600">
        {_(msg`Up to ${MAX_IMAGES} photos (JPEG, PNG, WebP, GIF or AVIF, 10 MB each) and ${MAX_VIDEOS} videos (MP4, WebM or MOV, 100 MB each). The first photo is the cover.`)}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => imageInput.current?.click()}
          className={buttonVariants({ variant: "outline", size: "md", className: "py-2 text-sm" })}
        >
          <ImagePlus className="h-4 w-4" aria-hidden="true" /> {_(msg`Add photos`)}
        </button>
        <button
          type="button"
          onClick={() => videoInput.current?.click()}
          className={buttonVariants({ variant: "outline", size: "md", className: "py-2 text-sm" })}
        >
          <Video className="h-4 w-4" aria-hidden="true" /> {_(msg`Add videos`)}
        </button>
        <input
          ref={imageInput}
          type="file"
          multiple
          accept={ACCEPT_IMAGES}
          className="sr-only"
          aria-label={_(msg`Choose photos`)}
          tabIndex={-1}
          onChange={(event) => {
            void addFiles(event.target.files, "image");
            event.target.value = "";
          }}
        />
        <input
          ref={videoInput}
          type="file"
          multiple
          accept={ACCEPT_VIDEOS}
          className="sr-only"
          aria-label={_(msg`Choose videos`)}
          tabIndex={-1}
          onChange={(event) => {
            void addFiles(event.target.files, "video");
            event.target.value = "";
          }}
        />
      </div>
      <p id={statusId} role="status" aria-live="polite" className="mt-2 text-sm text-slate-700">
        {message}
      </p>
      {problem && (
        <p className="mt-1 text-sm font-medium text-red-700" role="alert">
          {problem}
        </p>
      )}
      {error && (
        <p className="mt-1 text-sm text-red-700" role="alert">
          {_(error)}
        </p>
      )}
      {renderList("image")}
      {renderList("video")}
    </div>
  );
}
