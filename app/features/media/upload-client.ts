import { msg } from "@lingui/core/macro";
import type { Translate } from "~/features/i18n/translate";

/**
 * The browser's one call to the media pipeline (POST /api/media/uploads): one file, with
 * upload progress (XMLHttpRequest, as fetch reports none), and how many images and videos
 * the form already holds (`?images=`, `?videos=`), so the server caps the request at what
 * may still be added. Never rejects: a network failure is status 0 with a message naming the
 * file (in the page's language: the caller's `_`). Used by the listing's media uploader and
 * the handover photo picker. Browser-only.
 */
export type UploadedFile = { kind: "image" | "video"; url: string; cardUrl?: string; name: string };
export type UploadAnswer = { status: number; files?: UploadedFile[]; error?: string };

export function uploadMediaFile(file: File, counts: { images: number; videos: number }, onProgress: (fraction: number) => void, _: Translate): Promise<UploadAnswer> {
  const name = file.name;
  return new Promise<UploadAnswer>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/media/uploads?images=${counts.images}&videos=${counts.videos}`);
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ ...((xhr.response as Omit<UploadAnswer, "status"> | null) ?? {}), status: xhr.status });
    xhr.onerror = () => resolve({ status: 0, error: _(msg`"${name}" could not be uploaded. Check your connection and try again.`) });
    const body = new FormData();
    body.append("files", file);
    xhr.send(body);
  });
}
