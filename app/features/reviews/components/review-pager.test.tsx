import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ReviewPager } from "./review-pager";

/** The one pager of the space page's reviews and the profile's 'Reviews from hosts' (ADR 0288). */
const render = (page: number, pageCount: number) =>
  renderToString(
    <MemoryRouter initialEntries={["/hosts/x"]}>
      <ReviewPager
        page={page}
        pageCount={pageCount}
        href={(to) => `?reviews=${to}`}
        label="Pages of reviews"
      />
    </MemoryRouter>,
  );

describe("ReviewPager", () => {
  it("is nothing when everything fits on one page", () => {
    expect(render(1, 1)).toBe("");
  });

  it("links to the newer and the older page around the current one", () => {
    const html = render(2, 3);
    expect(html).toContain('aria-label="Pages of reviews"');
    expect(html).toMatch(/href="\/hosts\/x\?reviews=1"[^>]*>Newer reviews</);
    expect(html).toMatch(/href="\/hosts\/x\?reviews=3"[^>]*>Older reviews</);
    expect(html).toContain("Page 2 of 3");
  });

  it("has no 'Newer' link on the first page and no 'Older' link on the last", () => {
    expect(render(1, 2)).not.toContain("Newer reviews");
    expect(render(1, 2)).toContain("Older reviews");
    expect(render(2, 2)).toContain("Newer reviews");
    expect(render(2, 2)).not.toContain("Older reviews");
  });
});
