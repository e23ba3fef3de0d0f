import { sql } from "drizzle-orm";
import { identityVerifications } from "~/db/schema/identity";

/**
 * SQL: whether the user in `userId` (a column, a placeholder or a value) is identity-verified,
 * i.e. has a verification with status 'verified' (ADR 0250); answered from the partial index
 * identity_verifications_verified_idx. Kept apart so listing and booking queries import only this.
 */
export const isVerifiedSql = (userId: unknown) =>
  sql<boolean>`exists (select 1 from ${identityVerifications} iv where iv.user_id = ${userId} and iv.status = 'verified')`;
