import { data } from "react-router";
import { z } from "~/lib/zod";
import { getPublicProfile } from "~/features/profiles/public-profile.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/api-profile";

const params = z.object({ id: z.uuid() });

/** GET /api/profiles/:id — a host's public profile as JSON (404 'Profile not found' for a malformed or unknown id). */
export async function loader({ params: raw }: Route.LoaderArgs) {
  const parsed = params.safeParse(raw);
  // A malformed id names no profile: the same 404 as an unknown one.
  if (!parsed.success) return data({ error: "Profile not found" }, { status: 404 });
  const profile = await getPublicProfile(await getDb(), parsed.data.id.toLowerCase());
  if (!profile) return data({ error: "Profile not found" }, { status: 404 });
  return data({ profile }, { headers: { "Cache-Control": "no-store" } });
}
