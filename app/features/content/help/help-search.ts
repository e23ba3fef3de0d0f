import type { HelpCategory } from "./help-articles";

function normalise(text: string) {
  return text.toLocaleLowerCase("en-US").normalize("NFKD").replace(/\p{M}/gu, "").replace(/\s+/g, " ").trim();
}

/**
 * Filters help articles by a search query over question and answer text. Every
 * word of the query must appear (case- and accent-insensitively); categories with
 * no matching article are left out. An empty query returns everything.
 *
 * `translate` gives the texts in the page's language (ADR 0294): the result carries the
 * translated texts, and a query matches the translated text or the English one.
 */
export function searchHelp(categories: readonly HelpCategory[], query: string, translate: (text: string) => string = (text) => text): HelpCategory[] {
  const words = normalise(query).split(" ").filter(Boolean);
  return categories
    .map((category) => ({
      ...category,
      title: translate(category.title),
      description: translate(category.description),
      articles: category.articles
        .filter((article) => {
          if (words.length === 0) return true;
          const haystack = normalise(`${translate(article.question)} ${translate(article.answer)} ${article.question} ${article.answer}`);
          return words.every((word) => haystack.includes(word));
        })
        .map((article) => ({ ...article, question: translate(article.question), answer: translate(article.answer) })),
    }))
    .filter((category) => category.articles.length > 0);
}
