import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { bookings } from "./bookings";

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const HANDOVER_MOMENTS = ["check_in", "check_out"] as const;
export const HANDOVER_ROLES = ["guest", "host"] as const;

/**
 * Check-in and check-out at handover (issue #28 point 4, ADR 0277): what one party saw when
 * a vehicle or a piece of equipment changed hands. One per booking, moment and party; never
 * changed once written (a trigger refuses it, migration 0028) — the evidence a damage claim
 * points to by id.
 */
export const handoverRecords = pgTable(
  "handover_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    authorRole: text("author_role", { enum: HANDOVER_ROLES }).notNull(),
    moment: text("moment", { enum: HANDOVER_MOMENTS }).notNull(),
    note: text("note").notNull().default(""),
    odometerKm: integer("odometer_km"),
    /** Eighths of a tank (or a battery): 0 empty … 8 full. */
    fuelEighths: smallint("fuel_eighths"),
    condition: text("condition").notNull().default(""),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("handover_records_party_key").on(t.bookingId, t.moment, t.authorRole),
    check("handover_records_role_check", sql`${t.authorRole} in ('guest', 'host')`),
    check("handover_records_moment_check", sql`${t.moment} in ('check_in', 'check_out')`),
    check("handover_records_note_length_check", sql`char_length(${t.note}) <= 2000`),
    check("handover_records_condition_length_check", sql`char_length(${t.condition}) <= 1000`),
    check("handover_records_odometer_check", sql`${t.odometerKm} between 0 and 9999999`),
    check("handover_records_fuel_check", sql`${t.fuelEighths} between 0 and 8`),
  ],
);

/** A record's photos, in the order they were added: uploads of its author (media_uploads), kept while the record is. */
export const handoverPhotos = pgTable(
  "handover_photos",
  {
    recordId: uuid("record_id")
      .notNull()
      .references(() => handoverRecords.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    url: text("url").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.recordId, t.position] }),
    uniqueIndex("handover_photos_url_key").on(t.url),
    check("handover_photos_position_check", sql`${t.position} between 0 and 11`),
  ],
);
