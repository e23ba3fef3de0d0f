// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { WhenSearchForm } from "./when-search-form";

afterEach(cleanup);

describe("the home search's when (issue #27)", () => {
  it("is a GET form to /explore carrying the home search's text and category, with a labelled date, start and length", async () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <WhenSearchForm q="loft" type="photo-studio" today="2026-12-01" /> }]);
    render(<Stub initialEntries={["/"]} />);
    const form = await screen.findByRole("form", { name: "Search by date and time" });
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/explore");
    const data = new FormData(form as HTMLFormElement);
    expect([data.get("q"), data.get("type")]).toEqual(["loft", "photo-studio"]);
    expect((screen.getByLabelText("Date") as HTMLInputElement).min).toBe("2026-12-01");
    expect(screen.getByLabelText("Start time").querySelectorAll("option")).toHaveLength(25);
    expect(screen.getByLabelText("For").querySelectorAll("option")).toHaveLength(24);
    expect(screen.getByRole("button", { name: "Find free times" })).toBeTruthy();
  });
});
