import type { HelpCategory } from "./help-articles";

function normalise(text: string) {
  return text.toLocaleLowerCase("en-US").normalize("NFKD").replace(/\p{M}/gu, "").replace(/\s+/g, " ").trim();
}

/**
 * Filters help articles by a search query over question and answer text. Every
 * word of the query must appear (case- and accent-insensitively); categories with
 * no matching article are left out. An empty query returns everything.
 */
export function searchHelp(categories: readonly HelpCategory[], query: string): HelpCategory[] {
  const words = normalise(query).split(" ").filter(Boolean);
  if (words.length === 0) return [...categories];
  return categories
    .map((category) => ({
      ...category,
      articles: category.articles.filter((article) => {
        const haystack = normalise(`${article.question} ${article.answer}`);
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((category) => category.articles.length > 0);
}
