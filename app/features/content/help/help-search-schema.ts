import { z } from "~/lib/zod";

export const HELP_QUERY_MAX = 200;

/**
 * The help search form (`?q=`): the page filters as the visitor types, and the same
 * schema reads the query of a link or a search sent without JavaScript. Anything
 * that is not text reads as no query; a longer query is cut to 200 characters.
 */
export const helpSearchSchema = z.object({
  q: z
    .string()
    .transform((query) => query.slice(0, HELP_QUERY_MAX))
    .catch(""),
});
