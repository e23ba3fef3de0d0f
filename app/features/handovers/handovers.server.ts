import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { bookings, handoverPhotos, handoverRecords, mediaUploads, profiles, spaces } from "~/db/schema/index";
import { spacePath } from "~/features/listings/slug";
import { cardImageUrl } from "~/features/media/urls";
import type { Db } from "~/lib/db.server";
import { isUuid } from "~/lib/uuid";
import { HANDOVER_RENTAL_TYPES, HANDOVER_TEXT, handoverBlocker, PHOTO_MAX_AGE_MS, type HandoverInput, type HandoverMoment, type HandoverRole } from "./handover-rules";

/**
 * Check-in and check-out at handover (issue #28 point 4, docs/decisions/0277-handover-records.md):
 * the booking's guest and the listing's host each add one record per moment, with photos
 * uploaded through the media pipeline; both read both. Records are never changed.
 */

export type HandoverPhotoView = { url: string; cardUrl: string };
export type HandoverRecordView = {
  id: string;
  moment: HandoverMoment;
  authorRole: HandoverRole;
  authorName: string | null;
  mine: boolean;
  note: string;
  odometerKm: number | null;
  fuelEighths: number | null;
  condition: string;
  createdAt: string;
  photos: HandoverPhotoView[];
};

export type BookingHandover = {
  booking: {
    id: string;
    status: string;
    startTime: string;
    endTime: string;
    timeZone: string;
    space: { id: string; title: string; href: string; location: string; rentalType: string; image: string | null };
    guestName: string | null;
    hostName: string | null;
  };
  role: HandoverRole;
  /** Whether the listing is a vehicle or equipment: only those have check-in and check-out. */
  applies: boolean;
  records: HandoverRecordView[];
  /** Per moment: whether the viewer may add their record now, else why not (null once they added it). */
  forms: Record<HandoverMoment, { open: boolean; reason: string | null }>;
};

export type AddHandoverResult = { ok: true; recordId: string } | { ok: false; status: 400 | 403 | 404 | 409; error: string; field?: "photos" };

const guestProfile = alias(profiles, "guest_profile");
const hostProfile = alias(profiles, "host_profile");
/** Bookings whose page a party can open: paid ones, including ones cancelled or disputed later. */
// A request to book (ADR 0280) is shown too, with its answer: requested, declined, or expired.
const SHOWN_STATUSES = ["requested", "confirmed", "completed", "declined", "cancelled", "expired", "disputed"] as const;
const MOMENTS: HandoverMoment[] = ["check_in", "check_out"];

const fail = (status: 400 | 403 | 404 | 409, error: string, field?: "photos"): AddHandoverResult => ({ ok: false, status, error, ...(field ? { field } : {}) });

/** The booking page of its guest or its listing's host; null for anyone else, or an id that is no booking. */
export async function loadBookingHandover(db: Db, input: { userId: string; bookingId: string; now: Date }): Promise<BookingHandover | null> {
  if (!isUuid(input.bookingId)) return null;
  const [row] = await db
    .select({
      booking: { id: bookings.id, userId: bookings.userId, status: bookings.status, startTime: bookings.startTime, endTime: bookings.endTime },
      space: { id: spaces.id, userId: spaces.userId, title: spaces.title, location: spaces.location, rentalType: spaces.rentalType, timezone: spaces.timezone, images: spaces.images },
      guestName: guestProfile.fullName,
      hostName: hostProfile.fullName,
    })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .leftJoin(guestProfile, eq(guestProfile.id, bookings.userId))
    .leftJoin(hostProfile, eq(hostProfile.id, spaces.userId))
    .where(and(eq(bookings.id, input.bookingId), inArray(bookings.status, SHOWN_STATUSES)));
  if (!row) return null;
  const role: HandoverRole | null = row.booking.userId === input.userId ? "guest" : row.space.userId === input.userId ? "host" : null;
  if (!role) return null;
  const applies = HANDOVER_RENTAL_TYPES.includes(row.space.rentalType);
  const records = applies ? await listRecords(db, row.booking.id, input.userId, { guest: row.guestName, host: row.hostName }) : [];
  const forms = Object.fromEntries(
    MOMENTS.map((moment) => {
      if (!applies) return [moment, { open: false, reason: HANDOVER_TEXT.errors.notHandover }];
      if (records.some((record) => record.moment === moment && record.mine)) return [moment, { open: false, reason: null }];
      const reason = handoverBlocker(row.booking, moment, input.now);
      return [moment, { open: reason === null, reason }];
    }),
  ) as BookingHandover["forms"];
  return {
    booking: {
      id: row.booking.id,
      status: row.booking.status,
      startTime: row.booking.startTime.toISOString(),
      endTime: row.booking.endTime.toISOString(),
      timeZone: row.space.timezone,
      space: {
        id: row.space.id,
        title: row.space.title,
        href: spacePath(row.space),
        location: row.space.location,
        rentalType: row.space.rentalType,
        image: row.space.images[0] ?? null,
      },
      guestName: row.guestName?.trim() || null,
      hostName: row.hostName?.trim() || null,
    },
    role,
    applies,
    records,
    forms,
  };
}

async function listRecords(db: Db, bookingId: string, viewerId: string, names: Record<HandoverRole, string | null>): Promise<HandoverRecordView[]> {
  const rows = await db
    .select()
    .from(handoverRecords)
    .where(eq(handoverRecords.bookingId, bookingId))
    .orderBy(asc(handoverRecords.moment), asc(handoverRecords.createdAt), asc(handoverRecords.authorRole));
  if (rows.length === 0) return [];
  const photos = await db
    .select()
    .from(handoverPhotos)
    .where(
      inArray(
        handoverPhotos.recordId,
        rows.map((record) => record.id),
      ),
    )
    .orderBy(asc(handoverPhotos.recordId), asc(handoverPhotos.position));
  return rows.map((record) => ({
    id: record.id,
    moment: record.moment,
    authorRole: record.authorRole,
    authorName: names[record.authorRole]?.trim() || null,
    mine: record.authorId === viewerId,
    note: record.note,
    odometerKm: record.odometerKm,
    fuelEighths: record.fuelEighths,
    condition: record.condition,
    createdAt: record.createdAt.toISOString(),
    photos: photos.filter((photo) => photo.recordId === record.id).map((photo) => ({ url: photo.url, cardUrl: cardImageUrl(photo.url) })),
  }));
}

/**
 * Adds the user's record for one moment of a booking: only its guest or its listing's host,
 * only for a vehicle or equipment, only in the moment's window (handoverBlocker), once per
 * party and moment. Each photo must be an image the user uploaded through the media pipeline
 * in the last 23 hours and not used by another record. Nothing is stored unless all of it is.
 */
export async function addHandoverRecord(db: Db, input: { userId: string; bookingId: string; record: HandoverInput; now: Date }): Promise<AddHandoverResult> {
  if (!isUuid(input.bookingId)) return fail(404, HANDOVER_TEXT.errors.notFound);
  const { record } = input;
  if (new Set(record.photos).size !== record.photos.length) return fail(400, HANDOVER_TEXT.errors.photo, "photos");
  try {
    return await db.transaction(async (tx) => {
      // The booking row is shared-locked: it cannot be cancelled while the record is written.
      const [row] = await tx
        .select({ userId: bookings.userId, status: bookings.status, startTime: bookings.startTime, endTime: bookings.endTime, hostId: spaces.userId, rentalType: spaces.rentalType })
        .from(bookings)
        .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
        .where(eq(bookings.id, input.bookingId))
        .for("share", { of: bookings });
      // Someone else's booking is answered like a missing one: ids are not probed.
      if (!row || (row.userId !== input.userId && row.hostId !== input.userId)) return fail(404, HANDOVER_TEXT.errors.notFound);
      const role: HandoverRole = row.userId === input.userId ? "guest" : "host";
      if (!HANDOVER_RENTAL_TYPES.includes(row.rentalType)) return fail(403, HANDOVER_TEXT.errors.notHandover);
      const blocker = handoverBlocker(row, record.moment, input.now);
      if (blocker) return fail(409, blocker);
      if (record.photos.length > 0) {
        const uploads = await tx
          .select({ url: mediaUploads.url })
          .from(mediaUploads)
          .where(
            and(
              eq(mediaUploads.userId, input.userId),
              inArray(mediaUploads.url, record.photos),
              eq(mediaUploads.kind, "image"),
              // The uploads' own clock (they are stamped by the database): a file swept soon is not evidence.
              sql`${mediaUploads.createdAt} > now() - make_interval(secs => ${PHOTO_MAX_AGE_MS / 1000})`,
            ),
          );
        if (uploads.length !== record.photos.length) return fail(400, HANDOVER_TEXT.errors.photo, "photos");
        const used = await tx.select({ url: handoverPhotos.url }).from(handoverPhotos).where(inArray(handoverPhotos.url, record.photos)).limit(1);
        if (used.length > 0) return fail(400, HANDOVER_TEXT.errors.photo, "photos");
      }
      const [inserted] = await tx
        .insert(handoverRecords)
        .values({
          bookingId: input.bookingId,
          authorId: input.userId,
          authorRole: role,
          moment: record.moment,
          note: record.note,
          odometerKm: record.odometer,
          fuelEighths: record.fuel,
          condition: record.condition,
          createdAt: input.now,
        })
        .onConflictDoNothing()
        .returning({ id: handoverRecords.id });
      if (!inserted) return fail(409, HANDOVER_TEXT.errors.twice[record.moment]);
      if (record.photos.length > 0) {
        await tx.insert(handoverPhotos).values(record.photos.map((url, position) => ({ recordId: inserted.id, position, url })));
      }
      return { ok: true as const, recordId: inserted.id };
    });
  } catch (error) {
    // Two saves racing for one photo: the unique index keeps it on one record.
    if ((error as { code?: string }).code === "23505" || (error as { cause?: { code?: string } }).cause?.code === "23505") {
      return fail(409, HANDOVER_TEXT.errors.photo, "photos");
    }
    throw error;
  }
}
