// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { GeoSearchFields } from "./geo-search-fields";

afterEach(cleanup);

/** 'Near me' asks the browser for its position: a tap before the page is live would be lost (ADR 0093). */
describe("GeoSearchFields", () => {
  it("offers 'Near me' disabled in the server's page and enabled once live", () => {
    const html = renderToString(
      <form>
        <GeoSearchFields values={{}} />
      </form>,
    );
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*?Near me<\/button>/s);
    render(
      <form>
        <GeoSearchFields values={{}} />
      </form>,
    );
    expect(screen.getByRole("button", { name: "Near me" })).toHaveProperty("disabled", false);
  });
});
