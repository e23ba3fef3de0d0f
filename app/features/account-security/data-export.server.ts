import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import {
  bookingRequirements,
  bookings,
  conversations,
  dataExports,
  guestReviews,
  handoverPhotos,
  handoverRecords,
  messages,
  payouts,
  profileLinks,
  profiles,
  profileUpdates,
  reviews,
  spaces,
  users,
} from "~/db/schema/index";
import { queueEmail } from "~/features/mail/outbox.server";
import { recipientLanguage } from "~/features/mail/mail-i18n.server";
import { dataExportMail } from "~/features/mail/more-emails.server";
import { consumeRateLimit, formatRetryAfter, type RateLimit } from "~/features/security/rate-limit.server";
import type { Db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isUuid } from "~/lib/uuid";
import { SECURITY_TEXT } from "./security-form";
import { english, type Translate } from "~/features/i18n/translate";

/**
 * 'Download my data' (issue #29 point 5, ADR 0247): a request is a `data_exports` row;
 * the `data-exports` job builds the member's data as JSON into it and e-mails a link to
 * /profile/security/export/{id}, which answers only to the owner's session and only for
 * 24 hours; then the job drops the content.
 */
export const EXPORT_VALID_MS = 24 * 60 * 60_000;
/** Requests per member (each builds a whole export). */
export const EXPORT_REQUEST_LIMITS: RateLimit[] = [{ max: 3, windowMs: 24 * 60 * 60_000 }];

export type ExportView = { status: "pending" } | { status: "ready"; id: string; expiresAt: string } | null;

/** The member's newest export that is still pending or downloadable. */
export async function latestExport(db: Db, userId: string, now: Date): Promise<ExportView> {
  const [row] = await db
    .select({ id: dataExports.id, status: dataExports.status, expiresAt: dataExports.expiresAt })
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt))
    .limit(1);
  if (!row) return null;
  if (row.status === "pending") return { status: "pending" };
  if (row.status === "ready" && row.expiresAt && row.expiresAt > now) return { status: "ready", id: row.id, expiresAt: row.expiresAt.toISOString() };
  return null;
}

export type RequestExportResult = { ok: true } | { ok: false; status: 409 | 429; error: string };

/** Queues an export for the job; one at a time, at most three a day. */
export async function requestExport(db: Db, userId: string, now: Date, _: Translate = english): Promise<RequestExportResult> {
  if ((await latestExport(db, userId, now))?.status === "pending") return { ok: false, status: 409, error: SECURITY_TEXT.exportAlreadyPending };
  const slot = await consumeRateLimit(db, { key: `data-export:${userId}`, limits: EXPORT_REQUEST_LIMITS });
  if (!slot.ok) return { ok: false, status: 429, error: SECURITY_TEXT.exportTooMany(formatRetryAfter(slot.retryAfterSeconds, _), _) };
  await db.insert(dataExports).values({ userId, requestedAt: now });
  return { ok: true };
}

/** Everything the platform holds about a member, as one JSON-ready object. */
export async function buildExport(db: Db, userId: string, now: Date) {
  const [account] = await db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt, lastSignInAt: users.lastSignInAt, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const [links, posts, listings, guestBookings, hostBookings, written, ownPayouts, threads] = await Promise.all([
    db.select().from(profileLinks).where(eq(profileLinks.profileId, userId)).orderBy(asc(profileLinks.displayOrder)),
    db.select().from(profileUpdates).where(eq(profileUpdates.profileId, userId)).orderBy(asc(profileUpdates.createdAt)),
    db.select().from(spaces).where(eq(spaces.userId, userId)).orderBy(asc(spaces.createdAt)),
    db.select().from(bookings).where(eq(bookings.userId, userId)).orderBy(asc(bookings.startTime)),
    db.select().from(bookings).where(eq(bookings.hostId, userId)).orderBy(asc(bookings.startTime)),
    db.select().from(reviews).where(eq(reviews.userId, userId)).orderBy(asc(reviews.createdAt)),
    db.select().from(payouts).where(eq(payouts.hostId, userId)).orderBy(asc(payouts.createdAt)),
    db
      .select({ id: conversations.id, spaceId: conversations.spaceId, bookingId: conversations.bookingId, guestId: conversations.guestId, hostId: conversations.hostId })
      .from(conversations)
      .where(or(eq(conversations.guestId, userId), eq(conversations.hostId, userId))),
  ]);
  const threadIds = threads.map((thread) => thread.id);
  const spaceIds = listings.map((listing) => listing.id);
  const [threadMessages, received] = await Promise.all([
    threadIds.length
      ? db
          .select({ conversationId: messages.conversationId, senderId: messages.senderId, body: messages.body, createdAt: messages.createdAt })
          .from(messages)
          .where(inArray(messages.conversationId, threadIds))
          .orderBy(asc(messages.createdAt))
      : [],
    // Guests' reviews of the member's listings once published: a hidden one would break the double-blind rule (ADR 0272).
    spaceIds.length
      ? db
          .select()
          .from(reviews)
          .where(and(inArray(reviews.spaceId, spaceIds), lte(reviews.publishedAt, now)))
          .orderBy(asc(reviews.createdAt))
      : [],
  ]);
  // Reviews of guests (issue #28 point 5, ADR 0288): the ones the member wrote as a host,
  // whatever their state, and the published ones hosts wrote about them, with the host's name.
  const [aboutGuests, aboutMe] = await Promise.all([
    db.select().from(guestReviews).where(eq(guestReviews.authorId, userId)).orderBy(asc(guestReviews.createdAt)),
    db
      .select({
        id: guestReviews.id,
        bookingId: guestReviews.bookingId,
        rating: guestReviews.rating,
        comment: guestReviews.comment,
        publishedAt: guestReviews.publishedAt,
        authorName: profiles.fullName,
      })
      .from(guestReviews)
      .leftJoin(profiles, eq(profiles.id, guestReviews.authorId))
      .where(and(eq(guestReviews.guestId, userId), lte(guestReviews.publishedAt, now), isNull(guestReviews.hiddenAt)))
      .orderBy(asc(guestReviews.publishedAt)),
  ]);
  // The check-in and check-out records the member wrote, with their photos (ADR 0277).
  const handovers = await db.select().from(handoverRecords).where(eq(handoverRecords.authorId, userId)).orderBy(asc(handoverRecords.createdAt));
  const handoverPhotoRows = handovers.length
    ? await db
        .select()
        .from(handoverPhotos)
        .where(
          inArray(
            handoverPhotos.recordId,
            handovers.map((record) => record.id),
          ),
        )
        .orderBy(asc(handoverPhotos.position))
    : [];
  // What the member gave at checkout as a guest (ADR 0279, 0286, 0287): date of birth, licence, the
  // waiver as accepted, the insurance choice and the delivery address. Not what their guests gave them as a host.
  const checkoutDetails = guestBookings.length
    ? await db
        .select()
        .from(bookingRequirements)
        .where(
          inArray(
            bookingRequirements.bookingId,
            guestBookings.map((booking) => booking.id),
          ),
        )
        .orderBy(asc(bookingRequirements.createdAt))
    : [];
  return {
    exportedAt: now.toISOString(),
    account,
    profile: profile ? { ...profile, links, posts } : null,
    listings,
    bookings: { asGuest: guestBookings, asHost: hostBookings },
    checkoutDetails,
    messages: threads.map((thread) => ({
      ...thread,
      role: thread.guestId === userId ? "guest" : "host",
      messages: threadMessages
        .filter((message) => message.conversationId === thread.id)
        .map((message) => ({ fromMe: message.senderId === userId, body: message.body, sentAt: message.createdAt })),
    })),
    reviews: {
      written,
      receivedOnMyListings: received,
      writtenAboutGuests: aboutGuests,
      receivedAsGuest: aboutMe.map(({ authorName, ...review }) => ({ ...review, authorName: authorName?.trim() || "A host" })),
    },
    payouts: ownPayouts,
    handovers: handovers.map((record) => ({ ...record, photos: handoverPhotoRows.filter((photo) => photo.recordId === record.id).map((photo) => photo.url) })),
  };
}

function downloadUrl(id: string) {
  return new URL(`/profile/security/export/${id}`, env().SITE_URL).toString();
}

/**
 * The `data-exports` job: builds each pending export and e-mails its link (the content and
 * the e-mail are written together, only by the run that finishes the row first), and drops
 * the content of exports past their 24 hours. Safe to run again at any moment.
 */
export async function runDataExports(db: Db, now: Date): Promise<{ built: number; expired: number }> {
  const pending = await db
    .select({ id: dataExports.id, userId: dataExports.userId })
    .from(dataExports)
    .where(eq(dataExports.status, "pending"))
    .orderBy(asc(dataExports.requestedAt))
    .limit(10);
  let built = 0;
  for (const request of pending) {
    const content = JSON.stringify(await buildExport(db, request.userId, now), null, 2);
    const expiresAt = new Date(now.getTime() + EXPORT_VALID_MS);
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(dataExports)
        .set({ status: "ready", content, readyAt: now, expiresAt })
        .where(and(eq(dataExports.id, request.id), eq(dataExports.status, "pending")))
        .returning({ id: dataExports.id });
      if (!row) return false;
      const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, request.userId));
      // In the member's language (ADR 0296); the texts are SECURITY_TEXT's, in ~/features/mail/more-emails.server.
      const mail = dataExportMail(await recipientLanguage(tx, request.userId), downloadUrl(request.id));
      await queueEmail(tx, { ...mail, kind: "data_export_ready", to: owner!.email, userId: request.userId, dedupeKey: `data-export:${request.id}`, now });
      return true;
    });
    if (done) built += 1;
  }
  const expired = await db
    .update(dataExports)
    .set({ status: "expired", content: null })
    .where(and(eq(dataExports.status, "ready"), isNotNull(dataExports.expiresAt), lt(dataExports.expiresAt, now)))
    .returning({ id: dataExports.id });
  return { built, expired: expired.length };
}

/** The export's JSON for its owner while it is valid; null for anyone else, or after 24 hours. */
export async function readExport(db: Db, userId: string, id: unknown, now: Date): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ content: dataExports.content, expiresAt: dataExports.expiresAt })
    .from(dataExports)
    .where(and(eq(dataExports.id, id.toLowerCase()), eq(dataExports.userId, userId), eq(dataExports.status, "ready")));
  if (!row?.content || !row.expiresAt || row.expiresAt <= now) return null;
  return row.content;
}
