import { newsletterSubscribers } from "~/db/schema/content";
import type { Db } from "~/lib/db.server";
import type { NewsletterInput } from "./newsletter-schema";

/**
 * Stores a subscriber unless the address is already on the list, compared
 * case-insensitively (unique index on lower(email)). Safe under concurrent
 * submissions: the index, not a prior read, decides.
 */
export async function subscribeToNewsletter(db: Db, input: NewsletterInput): Promise<"subscribed" | "already-subscribed"> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email: input.email, source: input.source })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  return inserted.length > 0 ? "subscribed" : "already-subscribed";
}
