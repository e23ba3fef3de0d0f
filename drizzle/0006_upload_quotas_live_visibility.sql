CREATE TABLE "media_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"url" text NOT NULL,
	"kind" text NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_uploads_user_created_idx" ON "media_uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "media_uploads_created_idx" ON "media_uploads" USING btree ("created_at");--> statement-breakpoint
-- Live updates tell visitors only what they could see (docs/decisions/0086-live-stream-limits.md):
-- the payload says whether the listing is (or was, before this change) published, and whose it is,
-- so the server forwards a draft's changes to its owner only.
CREATE OR REPLACE FUNCTION "notify_space_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  visible boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    visible := NEW."is_published";
  ELSIF TG_OP = 'DELETE' THEN
    visible := OLD."is_published";
  ELSE
    visible := NEW."is_published" OR OLD."is_published";
  END IF;
  PERFORM pg_notify('spaces_changed', json_build_object(
    'op', TG_OP,
    'id', COALESCE(NEW."id", OLD."id"),
    'visible', COALESCE(visible, false),
    'owner', COALESCE(NEW."user_id", OLD."user_id")
  )::text);
  RETURN NULL;
END;
$$;
