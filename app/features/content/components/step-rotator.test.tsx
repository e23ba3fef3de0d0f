// @vitest-environment jsdom
import {
  act,
  cleanup,
  fireEvent,
  render,
  screen,
} from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HOW_IT_WORKS_STEPS } from "../how-it-works";
import { STEP_INTERVAL_MS, StepRotator } from "./step-rotator";

let reduced = false;

beforeEach(() => {
  vi.useFakeTimers();
  reduced = false;
  window.matchMedia = ((query: string) => ({
    matches: reduced && query.includes("reduce"),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const panelStep = () => screen.getByText(/^Step \d of 4$/).textContent;

describe("StepRotator", () => {
  it("moves to the next step every 5 seconds and wraps around", () => {
    render(<StepRotator steps={HOW_IT_WORKS_STEPS} />);
    expect(panelStep()).toBe("Step 1 of 4");
    act(() => vi.advanceTimersByTime(STEP_INTERVAL_MS));
    expect(panelStep()).toBe("Step 2 of 4");
    act(() => vi.advanceTimersByTime(3 * STEP_INTERVAL_MS));
    expect(panelStep()).toBe("Step 1 of 4");
  });

  it("shows the step that is clicked", () => {
    render(<StepRotator steps={HOW_IT_WORKS_STEPS} />);
    fireEvent.click(screen.getByRole("button", { name: /Enjoy & Review/ }));
    expect(panelStep()).toBe("Step 4 of 4");
    expect(
      screen
        .getByRole("button", { name: /Enjoy & Review/ })
        .getAttribute("aria-current"),
    ).toBe("step");
  });

  it("pauses while hovered and resumes after", () => {
    const { container } = render(<StepRotator steps={HOW_IT_WORKS_STEPS} />);
    fireEvent.mouseEnter(container.firstElementChild!);
    act(() => vi.advanceTimersByTime(3 * STEP_INTERVAL_MS));
    expect(panelStep()).toBe("Step 1 of 4");
    fireEvent.mouseLeave(container.firstElementChild!);
    act(() => vi.advanceTimersByTime(STEP_INTERVAL_MS));
    expect(panelStep()).toBe("Step 2 of 4");
  });

  it("stops when the Pause button is pressed", () => {
    render(<StepRotator steps={HOW_IT_WORKS_STEPS} />);
    fireEvent.click(screen.getByRole("button", { name: /Pause/ }));
    fireEvent.blur(screen.getByRole("button", { name: /Play/ }));
    act(() => vi.advanceTimersByTime(3 * STEP_INTERVAL_MS));
    expect(panelStep()).toBe("Step 1 of 4");
  });

  it("never rotates for visitors who prefer reduced motion", () => {
    reduced = true;
    render(<StepRotator steps={HOW_IT_WORKS_STEPS} />);
    act(() => vi.advanceTimersByTime(3 * STEP_INTERVAL_MS));
    expect(panelStep()).toBe("Step 1 of 4");
    expect(screen.queryByRole("button", { name: /Pause/ })).toBeNull();
  });
});
