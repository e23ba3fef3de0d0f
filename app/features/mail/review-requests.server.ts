import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { users } from "~/db/schema/auth";
import { bookings } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import { emailOutbox, emailPreferences } from "~/db/schema/mail";
import { profiles } from "~/db/schema/profiles";
import { reviews } from "~/db/schema/reviews";
import { REVIEW_WINDOW_MS } from "~/features/reviews/review-rules";
import type { Db } from "~/lib/db.server";
import { absoluteUrl } from "./booking-emails.server";
import { queueEmail } from "./outbox.server";
import { renderEmail } from "./render";

const BATCH = 100;

/**
 * The `review-requests` job: once a stay has ended (and was not cancelled), its guest
 * gets one e-mail inviting a review, while the 14-day window is open. The outbox's
 * dedupe key makes each request once, however often the job runs.
 */
export async function queueReviewRequests(db: Db, now: Date): Promise<{ queued: number }> {
  const dedupe = sql<string>`'review-request:' || ${bookings.id}::text`;
  const due = await db
    .select({ bookingId: bookings.id, guestId: bookings.userId, email: users.email, name: profiles.fullName, title: spaces.title, endTime: bookings.endTime })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(profiles, eq(profiles.id, bookings.userId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .leftJoin(emailOutbox, eq(emailOutbox.dedupeKey, dedupe))
    .leftJoin(emailPreferences, eq(emailPreferences.userId, bookings.userId))
    .where(
      and(
        inArray(bookings.status, ["confirmed", "completed"]),
        lte(bookings.endTime, now),
        gt(bookings.endTime, new Date(now.getTime() - REVIEW_WINDOW_MS)),
        isNull(reviews.id),
        isNull(emailOutbox.id),
        // Guests who turned review requests off are not picked again and again.
        sql`not (coalesce(${emailPreferences.disabledKinds}, '{}') @> array['review_request'])`,
      ),
    )
    .limit(BATCH);
  let queued = 0;
  for (const row of due) {
    const mail = renderEmail({
      subject: `How was ${row.title}?`,
      heading: `How was your stay at ${row.title}?`,
      paragraphs: [
        `Hi ${row.name?.trim() || "there"}, thank you for booking with Rentwell. Your review helps other guests choose and helps the host improve.`,
        "You can write it from My Bookings for 14 days after your stay.",
      ],
      action: { label: "Write a review", url: absoluteUrl("/my-bookings") },
      footer: "You can turn off review requests in the notification settings of your profile.",
    });
    const result = await queueEmail(db, { ...mail, kind: "review_request", to: row.email, userId: row.guestId, dedupeKey: `review-request:${row.bookingId}`, now });
    if (result.queued) queued += 1;
  }
  return { queued };
}
