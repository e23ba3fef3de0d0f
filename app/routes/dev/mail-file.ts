import { requireDevMailReader } from "~/features/mail/dev-mail-access.server";
import { readMailFile } from "~/features/mail/mail-files.server";
import { notFound } from "~/lib/http";
import type { Route } from "./+types/mail-file";

/** /dev/mail/{file}.eml: one written e-mail as sent (development only, 404 in production; readers as for /dev/mail). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireDevMailReader(request);
  const bytes = await readMailFile(params.file);
  if (!bytes) notFound();
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "message/rfc822", "Content-Disposition": `inline; filename="${params.file}"`, "X-Content-Type-Options": "nosniff" },
  });
}
