import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/** Who checks the documents (ADR 0250): the built-in admin review, or Stripe Identity. */
export const IDENTITY_PROVIDERS = ["local", "stripe"] as const;
export type IdentityProviderKind = (typeof IDENTITY_PROVIDERS)[number];

/**
 * pending: waiting for an admin (local) or for Stripe's checks; requires_input: Stripe
 * could not verify and the user may try again; verified; rejected (local, with a reason).
 */
export const IDENTITY_STATUSES = ["pending", "requires_input", "verified", "rejected"] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];

export const IDENTITY_UPLOAD_KINDS = ["document", "selfie"] as const;
export type IdentityUploadKind = (typeof IDENTITY_UPLOAD_KINDS)[number];

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One attempt to verify a user's identity (issue #29 point 3, ADR 0250). A user is
 * identity-verified while they have a row with status 'verified'. At most one open attempt
 * (pending) per user.
 */
export const identityVerifications = pgTable(
  "identity_verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: IDENTITY_PROVIDERS }).notNull(),
    status: text("status", { enum: IDENTITY_STATUSES }).notNull().default("pending"),
    /** Stripe's VerificationSession id (provider 'stripe'). */
    providerSessionId: text("provider_session_id"),
    /** Why it was rejected (admin) or needs input (Stripe's last error), shown to the user. */
    reason: text("reason"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: ts("decided_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("identity_verifications_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("identity_verifications_open_key").on(t.userId).where(sql`${t.status} = 'pending'`),
    index("identity_verifications_verified_idx").on(t.userId).where(sql`${t.status} = 'verified'`),
    index("identity_verifications_review_idx").on(t.createdAt).where(sql`${t.status} = 'pending' and ${t.provider} = 'local'`),
    uniqueIndex("identity_verifications_session_key").on(t.providerSessionId),
    check("identity_verifications_provider_check", sql`${t.provider} in ('local', 'stripe')`),
    check("identity_verifications_status_check", sql`${t.status} in ('pending', 'requires_input', 'verified', 'rejected')`),
  ],
);

/**
 * A photo for the local provider (ID document or selfie), stored privately (ADR 0251):
 * never under the public media URL, served only to its owner and admins. The row is the
 * file's record: the file is deleted after the admin's decision, or 30 days after the upload,
 * and then the row.
 */
export const identityUploads = pgTable(
  "identity_uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: IDENTITY_UPLOAD_KINDS }).notNull(),
    storageKey: text("storage_key").notNull(),
    bytes: integer("bytes").notNull(),
    verificationId: uuid("verification_id").references(() => identityVerifications.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("identity_uploads_storage_key").on(t.storageKey),
    index("identity_uploads_user_idx").on(t.userId, t.createdAt),
    index("identity_uploads_verification_idx").on(t.verificationId),
    index("identity_uploads_created_idx").on(t.createdAt),
    check("identity_uploads_kind_check", sql`${t.kind} in ('document', 'selfie')`),
  ],
);
