import { and, desc, eq } from "drizzle-orm";
import { spaces } from "~/db/schema/listings";
import { spaceCardColumns } from "~/features/listings/card-columns.server";
import type { SpaceCardData } from "~/features/listings/card";
import type { Db } from "~/lib/db.server";
import { ERROR_TEXT } from "~/lib/messages";
import { errorMessage, logger } from "~/lib/logger.server";

/** The fallback text (docs/product.md#error-texts) when the space list cannot be read. */
export const FETCH_SPACES_FAILED = ERROR_TEXT.fetchSpaces;

/** 'See It In Action' (docs/product.md#how-it-works: sample 6): the newest published, available spaces. */
export async function sampleSpaces(db: Db, limit = 6): Promise<SpaceCardData[]> {
  const rows = await db
    .select(spaceCardColumns)
    .from(spaces)
    .where(and(eq(spaces.isPublished, true), eq(spaces.available, true)))
    .orderBy(desc(spaces.createdAt), spaces.id)
    .limit(limit);
  return rows as SpaceCardData[];
}

/**
 * The sample for /how-it-works without taking the page down: when the database
 * cannot be reached the rest of the page still renders, and the section shows
 * 'Failed to fetch spaces' (the cause goes to the log, not to the visitor).
 */
export async function loadSampleSpaces(
  getDb: () => Promise<Db>,
  limit = 6,
): Promise<{ spaces: SpaceCardData[]; error: string | null }> {
  try {
    return { spaces: await sampleSpaces(await getDb(), limit), error: null };
  } catch (error) {
    logger.error({ reason: "sample-spaces-failed", err: errorMessage(error) }, "How it works: space sample query failed");
    return { spaces: [], error: FETCH_SPACES_FAILED };
  }
}
