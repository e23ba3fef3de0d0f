// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Alert } from "./alert";
import { Avatar } from "./avatar";
import { Button } from "./button";
import { Checkbox } from "./checkbox";
import { cn } from "./cn";
import { Dialog, DialogContent, DialogTrigger } from "./dialog";
import { EmptyState } from "./empty-state";
import { Field } from "./field";
import { Input, Select, Textarea } from "./input";
import { IconButton } from "./icon-button";
import { Switch } from "./switch";
import { Toast } from "./toast";
import { ToggleChip } from "./toggle-chip";

afterEach(cleanup);

const describedByTexts = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe("cn", () => {
  it("lets a later Tailwind class win over an earlier one of the same kind", () => {
    expect(cn("mt-1 block px-3", "mt-0")).toBe("block px-3 mt-0");
    expect(cn("bg-brand-600", false, undefined, ["text-white"], "bg-red-600")).toBe("text-white bg-red-600");
  });
});

describe("Button", () => {
  it("is type=button unless told otherwise, so it never submits a form by accident", async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button>Plain</Button>
        <Button type="submit">Send</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Plain" }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("while pending: disabled, busy, a spinner and the pending text", async () => {
    const onClick = vi.fn();
    render(
      <Button pending pendingText="Saving…" onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Saving…" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.querySelector("svg.animate-spin")).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("takes a className over its own classes", () => {
    render(<Button className="px-8">Wide</Button>);
    const classes = screen.getByRole("button", { name: "Wide" }).className.split(" ");
    expect(classes).toContain("px-8");
    expect(classes).not.toContain("px-5");
  });
});

describe("Field", () => {
  it("names its control with the label and describes it with the hint", () => {
    render(
      <Field label="Title" hint="What guests see first.">
        <Input name="title" />
      </Field>,
    );
    const input = screen.getByRole("textbox", { name: "Title" });
    expect(describedByTexts(input)).toEqual(["What guests see first."]);
    expect(input.getAttribute("aria-invalid")).toBeNull();
  });

  it("an error marks the control invalid and describes it, error first", () => {
    render(
      <Field label="E-mail" hint="We reply here." error="Please enter a valid e-mail address." required>
        <Input name="email" type="email" />
      </Field>,
    );
    const input = screen.getByRole("textbox", { name: "E-mail" });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect((input as HTMLInputElement).required).toBe(true);
    expect(describedByTexts(input)).toEqual(["Please enter a valid e-mail address.", "We reply here."]);
  });

  it("wires a textarea and a select the same way, with a given id", () => {
    render(
      <>
        <Field label="Message" error="Please enter a message." id="message">
          <Textarea name="message" />
        </Field>
        <Field label="Subject" error="Please choose a subject.">
          <Select name="subject">
            <option value="">Choose</option>
          </Select>
        </Field>
      </>,
    );
    const message = screen.getByRole("textbox", { name: "Message" });
    expect(message.id).toBe("message");
    expect(describedByTexts(message)).toEqual(["Please enter a message."]);
    const subject = screen.getByRole("combobox", { name: "Subject" });
    expect(subject.getAttribute("aria-invalid")).toBe("true");
    expect(describedByTexts(subject)).toEqual(["Please choose a subject."]);
  });

  it("an Input outside a Field has no stray ids or margins", () => {
    render(<Input aria-label="Search" />);
    const input = screen.getByRole("textbox", { name: "Search" });
    expect(input.getAttribute("aria-describedby")).toBeNull();
    expect(input.className.split(" ")).not.toContain("mt-1");
  });

  it("a className override beats the field margin (the old `${inputClass} mt-0` did nothing)", () => {
    render(
      <Field label="New space type">
        <Input className="mt-0" />
      </Field>,
    );
    const classes = screen.getByRole("textbox", { name: "New space type" }).className.split(" ");
    expect(classes).toContain("mt-0");
    expect(classes).not.toContain("mt-1");
  });
});

describe("Checkbox", () => {
  it("is named by its label and described by its hint", async () => {
    render(<Checkbox name="deposit" label="Deposit required" hint="Held until the booking ends." />);
    const box = screen.getByRole("checkbox", { name: "Deposit required" });
    expect(describedByTexts(box)).toEqual(["Held until the booking ends."]);
    await userEvent.click(screen.getByText("Deposit required"));
    expect((box as HTMLInputElement).checked).toBe(true);
  });
});

describe("Alert", () => {
  it("an error is an alert; success and info are polite statuses; live={false} has no role", () => {
    render(
      <>
        <Alert tone="error">Failed to fetch spaces</Alert>
        <Alert tone="success">Listing saved.</Alert>
        <Alert tone="info">Test mode.</Alert>
        <Alert tone="info" live={false}>
          Static note.
        </Alert>
      </>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Failed to fetch spaces");
    expect(screen.getAllByRole("status").map((node) => node.textContent)).toEqual(["Listing saved.", "Test mode."]);
    expect(screen.getByText("Static note.").getAttribute("role")).toBeNull();
  });
});

describe("Dialog", () => {
  function Harness() {
    return (
      <Dialog>
        <DialogTrigger>Open</DialogTrigger>
        <DialogContent title="Privacy settings" description="What we store.">
          <input aria-label="Inside" />
        </DialogContent>
      </Dialog>
    );
  }

  it("is a named, described modal with one overlay and one close button; Escape closes and focus returns", async () => {
    render(<Harness />);
    const trigger = screen.getByRole("button", { name: "Open" });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole("dialog", { name: "Privacy settings" });
    expect(describedByTexts(dialog)).toEqual(["What we store."]);
    expect(within(dialog).getAllByRole("button", { name: "Close" })).toHaveLength(1);
    expect(document.querySelectorAll("[data-state=open].fixed.inset-0")).toHaveLength(1);
    // Overlay and content share the one dialog layer of the z-index scale.
    expect(dialog.className.split(" ")).toContain("z-50");
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("the close button closes it", async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("Avatar", () => {
  function Switcher() {
    const [src, setSrc] = useState("/media/first.webp");
    return (
      <>
        <Avatar src={src} />
        <button type="button" onClick={() => setSrc("/media/second.webp")}>
          Next host
        </button>
      </>
    );
  }

  it("shows the placeholder without a picture", () => {
    render(<Avatar src={null} />);
    expect(screen.getByTestId("avatar-placeholder")).toBeTruthy();
  });

  it("falls back when the picture fails, and tries the next URL again (the failure is per URL)", async () => {
    const { container } = render(<Switcher />);
    fireEvent.error(container.querySelector('img[src="/media/first.webp"]')!);
    expect(screen.getByTestId("avatar-placeholder")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Next host" }));
    expect(screen.queryByTestId("avatar-placeholder")).toBeNull();
    expect(container.querySelector('img[src="/media/second.webp"]')).not.toBeNull();
  });

  it("a named avatar stays named when it falls back", () => {
    render(<Avatar src={null} alt="Maya Chen" />);
    expect(screen.getByRole("img", { name: "Maya Chen" })).toBeTruthy();
  });
});

describe("EmptyState", () => {
  it("has a heading at the level asked for, a sentence and an action", () => {
    render(<EmptyState headingLevel={3} title="No Listings Yet" description="Create your first listing." action={<a href="/create-listing">List your space</a>} />);
    expect(screen.getByRole("heading", { level: 3, name: "No Listings Yet" })).toBeTruthy();
    expect(screen.getByText("Create your first listing.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "List your space" })).toBeTruthy();
  });
});

describe("Toast", () => {
  it("an error toast is an alert, a success toast a status, and both can be dismissed", async () => {
    render(
      <>
        <Toast toast={{ tone: "error", message: "Failed to fetch listing" }} />
        <Toast toast={{ tone: "success", message: "Listing saved." }} />
      </>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Failed to fetch listing");
    expect(screen.getByRole("status").textContent).toBe("Listing saved.");
    await userEvent.click(within(screen.getByRole("alert")).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("status")).toBeTruthy();
  });
});

describe("ToggleChip", () => {
  it("tells its state through aria-pressed and follows the user's choice", async () => {
    function Regions() {
      const [chosen, setChosen] = useState<string | null>(null);
      return (
        <div role="group" aria-label="Region">
          {["Europe", "Asia"].map((region) => (
            <ToggleChip key={region} selected={chosen === region} onClick={() => setChosen(chosen === region ? null : region)}>
              {region}
            </ToggleChip>
          ))}
        </div>
      );
    }
    render(<Regions />);
    const europe = screen.getByRole("button", { name: "Europe", pressed: false });
    expect(europe.getAttribute("type")).toBe("button");
    await userEvent.click(europe);
    expect(screen.getByRole("button", { name: "Europe", pressed: true })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Asia", pressed: false })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Europe" }));
    expect(screen.getByRole("button", { name: "Europe", pressed: false })).toBeTruthy();
  });

  it("ignores clicks while disabled", async () => {
    const onClick = vi.fn();
    render(
      <ToggleChip selected={false} disabled onClick={onClick}>
        Asia
      </ToggleChip>,
    );
    const chip = screen.getByRole("button", { name: "Asia", pressed: false });
    expect((chip as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(chip);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe("IconButton", () => {
  it("takes its accessible name from label, not from the hidden icon", async () => {
    const onClick = vi.fn();
    render(
      <IconButton label="Next slide" onClick={onClick}>
        <svg aria-hidden="true" />
      </IconButton>,
    );
    const button = screen.getByRole("button", { name: "Next slide" });
    expect(button.getAttribute("type")).toBe("button");
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("is not clickable while disabled", async () => {
    const onClick = vi.fn();
    render(
      <IconButton label="Move photo 1 up" disabled onClick={onClick}>
        <svg aria-hidden="true" />
      </IconButton>,
    );
    const button = screen.getByRole("button", { name: "Move photo 1 up" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe("Switch", () => {
  it("is a switch whose aria-checked and text follow each toggle", async () => {
    function Availability() {
      const [on, setOn] = useState(true);
      return (
        <Switch checked={on} onCheckedChange={setOn} aria-label="Available for booking">
          {on ? "Available" : "Unavailable"}
        </Switch>
      );
    }
    render(<Availability />);
    const control = screen.getByRole("switch", { name: "Available for booking" });
    expect(control.getAttribute("aria-checked")).toBe("true");
    expect(control.textContent).toBe("Available");
    await userEvent.click(control);
    expect(control.getAttribute("aria-checked")).toBe("false");
    expect(control.textContent).toBe("Unavailable");
    await userEvent.keyboard(" ");
    expect(control.getAttribute("aria-checked")).toBe("true");
  });

  it("submits its form when type=submit, and not while disabled", async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Switch type="submit" checked={false} aria-label="Published">
          Draft
        </Switch>
      </form>,
    );
    await userEvent.click(screen.getByRole("switch", { name: "Published", checked: false }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Switch type="submit" checked={false} disabled aria-label="Published">
          Draft
        </Switch>
      </form>,
    );
    const disabled = screen.getByRole("switch", { name: "Published" });
    expect((disabled as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(disabled);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
