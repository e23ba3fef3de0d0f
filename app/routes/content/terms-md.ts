import { termsMarkdown } from "~/features/content/legal/terms";

/** 'Download Full Terms': the terms as a Markdown file. */
export function loader() {
  return new Response(termsMarkdown(), {
    headers: {
      "Content-Type": "text/markdown; charset=utf-8",
      "Content-Disposition": 'attachment; filename="rentwell-terms-of-service.md"',
      "Cache-Control": "public, max-age=3600",
    },
  });
}
