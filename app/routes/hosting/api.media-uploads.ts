import { data } from "react-router";
import type { Route } from "./+types/api.media-uploads";
import { getUser } from "~/features/auth/session.server";
import { MAX_IMAGES, MAX_VIDEOS } from "~/features/hosting/listing-form";
import { deleteUnattachedUpload } from "~/features/media/orphans.server";
import { mediaStorage } from "~/features/media/storage.server";
import { receiveUploads, UploadError } from "~/features/media/upload.server";
import { getDb } from "~/lib/db.server";

/**
 * POST multipart `files` → `{ files: [{ kind, url, cardUrl?, name }] }`, or 4xx
 * `{ error }` naming the refused file. DELETE form `url` removes one of the
 * user's uploads that no listing uses.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) return data({ error: "Sign in to upload files." }, { status: 401 });
  const storage = mediaStorage();
  if (request.method === "DELETE") {
    const form = await request.formData().catch(() => null);
    const url = form?.get("url");
    if (typeof url !== "string" || url.length > 500) return data({ error: "Missing file URL." }, { status: 400 });
    const deleted = await deleteUnattachedUpload(await getDb(), storage, user.id, url);
    return deleted ? { deleted: true } : data({ error: "That file cannot be deleted." }, { status: 404 });
  }
  if (request.method !== "POST") return data({ error: "Method not allowed." }, { status: 405 });
  const url = new URL(request.url);
  const count = (name: string) => {
    const value = Number(url.searchParams.get(name) ?? "0");
    return Number.isInteger(value) && value >= 0 ? value : 0;
  };
  try {
    const files = await receiveUploads(request, storage, user.id, {
      maxImages: MAX_IMAGES - count("images"),
      maxVideos: MAX_VIDEOS - count("videos"),
    });
    return { files };
  } catch (error) {
    if (error instanceof UploadError) return data({ error: error.message }, { status: error.status });
    console.error("Media upload failed:", error);
    return data({ error: "The upload could not be stored. Please try again." }, { status: 503 });
  }
}

export function loader() {
  return data({ error: "Method not allowed." }, { status: 405 });
}
