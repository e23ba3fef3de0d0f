import { readMailFile } from "~/features/mail/mail-files.server";
import { env } from "~/lib/env.server";
import { notFound } from "~/lib/http";
import type { Route } from "./+types/mail-file";

/** /dev/mail/{file}.eml: one written e-mail as sent (development only, 404 in production). */
export async function loader({ params }: Route.LoaderArgs) {
  if (env().isProduction) notFound();
  const bytes = await readMailFile(params.file);
  if (!bytes) notFound();
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "message/rfc822", "Content-Disposition": `inline; filename="${params.file}"`, "X-Content-Type-Options": "nosniff" },
  });
}
