import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { users } from "~/db/schema/auth";
import { bookings } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import { emailOutbox, emailPreferences } from "~/db/schema/mail";
import { profiles } from "~/db/schema/profiles";
import { guestReviews, reviews } from "~/db/schema/reviews";
import { REVIEW_WINDOW_MS, reviewDateText, reviewDeadline } from "~/features/reviews/review-rules";
import type { Db, Tx } from "~/lib/db.server";
import { absoluteUrl } from "./booking-emails.server";
import { queueEmail } from "./outbox.server";
import { renderEmail } from "./render";

const BATCH = 100;

const firstName = (name: string | null | undefined, fallback: string) => name?.trim() || fallback;

const FOOTER = "You can turn off review requests in the notification settings of your profile.";

/**
 * The `review-requests` job: once a stay has ended (and was not cancelled), its guest
 * gets one e-mail inviting a review of the listing, and its host one inviting a review
 * of the guest (issue #28 point 5, ADR 0272), while the 14-day window is open and that
 * side has not written theirs. The outbox's dedupe keys make each request once, however
 * often the job runs.
 */
export async function queueReviewRequests(db: Db, now: Date): Promise<{ queued: number }> {
  return { queued: (await queueGuestRequests(db, now)) + (await queueHostRequests(db, now)) };
}

const openWindow = (now: Date) =>
  and(inArray(bookings.status, ["confirmed", "completed"]), lte(bookings.endTime, now), gt(bookings.endTime, new Date(now.getTime() - REVIEW_WINDOW_MS)));

// Users who turned review requests off are not picked again and again.
const wantsRequests = sql`not (coalesce(${emailPreferences.disabledKinds}, '{}') @> array['review_request'])`;

async function queueGuestRequests(db: Db, now: Date): Promise<number> {
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
    .where(and(openWindow(now), isNull(reviews.id), isNull(emailOutbox.id), wantsRequests, sql`${spaces.userId} <> ${bookings.userId}`))
    .limit(BATCH);
  let queued = 0;
  for (const row of due) {
    const mail = renderEmail({
      subject: `How was ${row.title}?`,
      heading: `How was your stay at ${row.title}?`,
      paragraphs: [
        `Hi ${firstName(row.name, "there")}, thank you for booking with Rentwell. Your review helps other guests choose and helps the host improve.`,
        `You can write it from My Bookings until ${reviewDateText(reviewDeadline(row.endTime))}. The host reviews you too; neither review is shown until both are written or that day has passed.`,
      ],
      action: { label: "Write a review", url: absoluteUrl("/my-bookings") },
      footer: FOOTER,
    });
    const result = await queueEmail(db, { ...mail, kind: "review_request", to: row.email, userId: row.guestId, dedupeKey: `review-request:${row.bookingId}`, now });
    if (result.queued) queued += 1;
  }
  return queued;
}

const guestProfile = alias(profiles, "guest_profile");

async function queueHostRequests(db: Db, now: Date): Promise<number> {
  const dedupe = sql<string>`'review-request-host:' || ${bookings.id}::text`;
  const due = await db
    .select({
      bookingId: bookings.id,
      hostId: spaces.userId,
      email: users.email,
      name: profiles.fullName,
      guestName: guestProfile.fullName,
      title: spaces.title,
      endTime: bookings.endTime,
    })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .innerJoin(users, eq(users.id, spaces.userId))
    .leftJoin(profiles, eq(profiles.id, spaces.userId))
    .leftJoin(guestProfile, eq(guestProfile.id, bookings.userId))
    .leftJoin(guestReviews, eq(guestReviews.bookingId, bookings.id))
    .leftJoin(emailOutbox, eq(emailOutbox.dedupeKey, dedupe))
    .leftJoin(emailPreferences, eq(emailPreferences.userId, spaces.userId))
    .where(and(openWindow(now), isNull(guestReviews.id), isNull(emailOutbox.id), wantsRequests, sql`${spaces.userId} <> ${bookings.userId}`))
    .limit(BATCH);
  let queued = 0;
  for (const row of due) {
    const guest = firstName(row.guestName, "your guest");
    const mail = renderEmail({
      subject: row.guestName?.trim() ? `How was ${guest} as a guest?` : "How was your guest?",
      heading: `How was ${guest} at ${row.title}?`,
      paragraphs: [
        `Hi ${firstName(row.name, "there")}, your guest's stay has ended. Your review is shown on their profile and helps other hosts.`,
        `You can write it from your dashboard until ${reviewDateText(reviewDeadline(row.endTime))}. Neither your review nor your guest's is shown until both are written or that day has passed.`,
      ],
      action: { label: "Review your guest", url: absoluteUrl("/dashboard") },
      footer: FOOTER,
    });
    const result = await queueEmail(db, { ...mail, kind: "review_request", to: row.email, userId: row.hostId, dedupeKey: `review-request-host:${row.bookingId}`, now });
    if (result.queued) queued += 1;
  }
  return queued;
}

/**
 * Queued with a review, in its transaction (ADR 0272): the other side of the booking is
 * told that theirs is awaited. Once per side per booking (the dedupe key).
 */
export async function queueReviewReminder(tx: Tx, input: { bookingId: string; to: "guest" | "host"; deadline: Date; now: Date }): Promise<void> {
  const recipient = input.to === "guest" ? bookings.userId : spaces.userId;
  const other = input.to === "guest" ? spaces.userId : bookings.userId;
  const otherProfile = alias(profiles, "other_profile");
  const [row] = await tx
    .select({ userId: users.id, email: users.email, name: profiles.fullName, otherName: otherProfile.fullName, title: spaces.title })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .innerJoin(users, eq(users.id, recipient))
    .leftJoin(profiles, eq(profiles.id, recipient))
    .leftJoin(otherProfile, eq(otherProfile.id, other))
    .where(eq(bookings.id, input.bookingId));
  if (!row) return;
  const until = reviewDateText(input.deadline);
  const mail =
    input.to === "guest"
      ? renderEmail({
          subject: `Your host has reviewed your stay at ${row.title}`,
          heading: "Your host has written their review",
          paragraphs: [
            `Hi ${firstName(row.name, "there")}, ${firstName(row.otherName, "your host")} has reviewed your stay at ${row.title}. You will see it once you have written yours, or on ${until}.`,
            `Write your review of ${row.title} from My Bookings by ${until}.`,
          ],
          action: { label: "Write a review", url: absoluteUrl("/my-bookings") },
          footer: FOOTER,
        })
      : renderEmail({
          subject: `Your guest has reviewed ${row.title}`,
          heading: "Your guest has written their review",
          paragraphs: [
            `Hi ${firstName(row.name, "there")}, ${firstName(row.otherName, "your guest")} has reviewed ${row.title}. It will be shown once you have reviewed them, or on ${until}.`,
            `Review your guest from your dashboard by ${until}.`,
          ],
          action: { label: "Review your guest", url: absoluteUrl("/dashboard") },
          footer: FOOTER,
        });
  await queueEmail(tx, { ...mail, kind: "review_request", to: row.email, userId: row.userId, dedupeKey: `review-reminder:${input.to}:${input.bookingId}`, now: input.now });
}
