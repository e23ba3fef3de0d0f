-- A change of a confirmed booking's length or price (issue #26 point 7, ADR 0205): the
-- new booking names the one it replaces, which is cancelled with a full refund once the
-- new one is paid.
ALTER TABLE "bookings" ADD COLUMN "replaces_booking_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_replaces_booking_id_fk" FOREIGN KEY ("replaces_booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_replaces_idx" ON "bookings" USING btree ("replaces_booking_id") WHERE "bookings"."replaces_booking_id" is not null;
