// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ListingForm } from "./listing-form";

afterEach(cleanup);

const categories = [
  { id: "c1", label: "Creative Spaces", subcategories: [{ id: "s1", label: "Photo Studio" }] },
  { id: "c2", label: "Vehicles", subcategories: [{ id: "s2", label: "Cars" }] },
];
const spaceTypes = [{ id: "t1", name: "studio", label: "Studio" }];

function renderForm(props: Partial<Parameters<typeof ListingForm>[0]> = {}) {
  const Stub = createRoutesStub([
    {
      path: "/create-listing",
      Component: () => (
        <ListingForm mode="create" categories={categories} spaceTypes={spaceTypes} defaults={{}} {...props} />
      ),
    },
  ]);
  return render(<Stub initialEntries={["/create-listing"]} />);
}

const hiddenValues = (container: HTMLElement, name: string) =>
  Array.from(container.querySelectorAll<HTMLInputElement>(`input[type=hidden][name=${name}]`)).map((input) => input.value);

describe("ListingForm", () => {
  it("enables the subcategory only after a category is chosen, with that category's subcategories", async () => {
    renderForm();
    const subcategory = await screen.findByLabelText("Subcategory");
    expect((subcategory as HTMLSelectElement).disabled).toBe(true);
    await userEvent.selectOptions(screen.getByLabelText("Category"), "c2");
    const enabled = screen.getByLabelText("Subcategory") as HTMLSelectElement;
    expect(enabled.disabled).toBe(false);
    expect(within(enabled).getAllByRole("option").map((option) => option.textContent)).toEqual(["No subcategory", "Cars"]);
  });

  it("has both submit buttons, the nine currencies with USD first-selected, and shows field errors next to fields", async () => {
    renderForm({ errors: { hourlyPrice: "Hourly rate cannot be negative" }, formError: "Failed to create listing: please correct the highlighted fields." });
    expect(await screen.findByRole("button", { name: "Save as Draft" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Publish Listing" })).toBeTruthy();
    const currency = screen.getByLabelText(/Currency/) as HTMLSelectElement;
    expect(currency.value).toBe("USD");
    expect(currency.options).toHaveLength(9);
    const hourly = screen.getByLabelText(/Hourly rate/);
    expect(hourly.getAttribute("aria-invalid")).toBe("true");
    const describedBy = hourly.getAttribute("aria-describedby")!;
    expect(document.getElementById(describedBy)?.textContent).toBe("Hourly rate cannot be negative");
    expect(screen.getByRole("alert", { name: "" }).textContent).toContain("Failed to create listing");
  });

  it("orders media with move buttons (first photo is the cover) and removes them", async () => {
    const { container } = renderForm({ defaults: { images: ["/media/u/a.webp", "/media/u/b.webp", "/media/u/c.webp"] } });
    await screen.findByRole("button", { name: "Move photo 2 up" });
    expect(hiddenValues(container, "images")).toEqual(["/media/u/a.webp", "/media/u/b.webp", "/media/u/c.webp"]);
    expect((screen.getByRole("button", { name: "Move photo 1 up" }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Move photo 3 up" }));
    expect(hiddenValues(container, "images")).toEqual(["/media/u/a.webp", "/media/u/c.webp", "/media/u/b.webp"]);
    await userEvent.click(screen.getByRole("button", { name: "Move photo 1 down" }));
    expect(hiddenValues(container, "images")).toEqual(["/media/u/c.webp", "/media/u/a.webp", "/media/u/b.webp"]);
    const photos = screen.getByRole("list", { name: "Photos" });
    expect(within(photos).getAllByRole("listitem")[0]!.textContent).toContain("Cover");
    await userEvent.click(screen.getByRole("button", { name: "Remove photo 2" }));
    expect(hiddenValues(container, "images")).toEqual(["/media/u/c.webp", "/media/u/b.webp"]);
    expect(screen.getByRole("status").textContent).toBe("Removed a.webp.");
  });

  it("after a refused publish, marks only the missing address fields and focuses the first one", async () => {
    renderForm({
      defaults: { streetAddress: "500 Congress Ave", state: "TX" },
      errors: { address: "Complete address is required to publish a listing" },
      formError: "Complete address is required to publish a listing",
    });
    const city = await screen.findByLabelText("City");
    expect(screen.getByLabelText("Street address").getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByLabelText("State").getAttribute("aria-invalid")).toBeNull();
    expect(city.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Postal code").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(city);
    expect(screen.getAllByText("Required to publish")).toHaveLength(2);
  });

  it("runs the listing schema in the browser: nothing is sent, each message is by its field, the first is focused", async () => {
    const submitted = vi.fn();
    const Stub = createRoutesStub([
      {
        path: "/create-listing",
        Component: () => <ListingForm mode="create" categories={categories} spaceTypes={spaceTypes} defaults={{}} />,
        action: () => {
          submitted();
          return null;
        },
      },
    ]);
    render(<Stub initialEntries={["/create-listing"]} />);
    await userEvent.type(await screen.findByLabelText(/Title/), "Sunny loft");
    await userEvent.type(screen.getByLabelText(/Hourly rate/), "-5");
    await userEvent.click(screen.getByRole("button", { name: "Publish Listing" }));
    const description = screen.getByLabelText(/Description/);
    expect(description.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(description);
    expect(screen.getByText("Hourly rate cannot be negative")).toBeTruthy();
    // Publishing also needs the address: each empty address field says so.
    expect(screen.getAllByText("Required to publish")).toHaveLength(4);
    expect(screen.getByLabelText("Title").getAttribute("aria-invalid")).toBeNull();
    expect(submitted).not.toHaveBeenCalled();
  });

  it("offers the three listing statuses, Available by default", async () => {
    renderForm();
    const status = (await screen.findByLabelText("Current status")) as HTMLSelectElement;
    expect(status.value).toBe("available");
    expect(within(status).getAllByRole("option").map((option) => option.textContent)).toEqual(["Available", "Currently Rented", "Under Maintenance"]);
  });

  it("refuses a too-large, empty or surplus file before uploading, naming the file, and sends nothing", async () => {
    const sent: string[] = [];
    const original = globalThis.XMLHttpRequest;
    globalThis.XMLHttpRequest = class {
      open(_method: string, url: string) {
        sent.push(url);
      }
    } as unknown as typeof XMLHttpRequest;
    try {
      renderForm({ defaults: { images: Array.from({ length: 19 }, (_, i) => `/media/u/${i}.webp`) } });
      const photos = await screen.findByLabelText("Choose photos");
      const big = new File(["x"], "panorama.jpg", { type: "image/jpeg" });
      Object.defineProperty(big, "size", { value: 10 * 1024 * 1024 + 1 });
      await userEvent.upload(photos, big);
      expect(screen.getByRole("alert").textContent).toBe('"panorama.jpg" is larger than 10 MB, the limit for an image.');
      await userEvent.upload(photos, new File([], "blank.png", { type: "image/png" }));
      expect(screen.getByRole("alert").textContent).toBe('"blank.png" is empty.');
      await userEvent.upload(photos, [new File(["a"], "a.png", { type: "image/png" }), new File(["b"], "b.png", { type: "image/png" })]);
      expect(screen.getByRole("alert").textContent).toBe("A listing can have at most 20 photos; you can add 1 more.");
      const video = new File(["v"], "tour.mp4", { type: "video/mp4" });
      Object.defineProperty(video, "size", { value: 100 * 1024 * 1024 + 1 });
      await userEvent.upload(screen.getByLabelText("Choose videos"), video);
      expect(screen.getByRole("alert").textContent).toBe('"tour.mp4" is larger than 100 MB, the limit for a video.');
      expect(sent).toEqual([]);
      expect(screen.getAllByTestId("media-item")).toHaveLength(19);
    } finally {
      globalThis.XMLHttpRequest = original;
    }
  });

  it("shows saved uploaded photos at their card size, demo images as they are", async () => {
    const upload = "/media/3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e/AbCdEfGhIjKlMnOpQrStUv.webp";
    const { container } = renderForm({ defaults: { images: [upload, "/demo/venue-1.webp"] } });
    await screen.findByRole("button", { name: "Move photo 2 up" });
    const previews = Array.from(container.querySelectorAll<HTMLImageElement>("[data-testid=media-item] img")).map((img) => img.getAttribute("src"));
    expect(previews).toEqual([upload.replace(/\.webp$/, ".card.webp"), "/demo/venue-1.webp"]);
    // The form still submits the detail-size URLs.
    expect(hiddenValues(container, "images")).toEqual([upload, "/demo/venue-1.webp"]);
  });

  it("keeps the cancellation policy names short and explains them underneath", async () => {
    renderForm();
    const policy = (await screen.findByLabelText("Cancellation policy")) as HTMLSelectElement;
    expect(within(policy).getAllByRole("option").map((option) => option.textContent)).toEqual(["Flexible", "Moderate", "Strict"]);
    expect(document.getElementById(policy.getAttribute("aria-describedby")!)?.textContent).toContain("Strict: 50% refund 7 days before");
  });

  it("says which choices could not be loaded, next to their selects, and keeps the listing's own type", async () => {
    renderForm({
      categories: [],
      spaceTypes: [],
      defaults: { type: "studio" },
      optionErrors: { categories: "Failed to fetch categories", spaceTypes: "Failed to fetch space types" },
    });
    const type = (await screen.findByLabelText(/Space type/)) as HTMLSelectElement;
    expect(document.getElementById(type.getAttribute("aria-describedby")!)?.textContent).toBe("Failed to fetch space types");
    expect(type.value).toBe("studio");
    const category = screen.getByLabelText("Category");
    expect(document.getElementById(category.getAttribute("aria-describedby")!)?.textContent).toBe("Failed to fetch categories");
  });
});
