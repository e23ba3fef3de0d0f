// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { DecisionQueue, useDecided } from "./decision-queue";

afterEach(cleanup);

type Row = { id: string; name: string };

/** An item decided by a button, as a fetcher's answer decides /admin's items. */
function Item({ row, onDecided }: { row: Row; onDecided: (message: string) => void }) {
  const [answer, setAnswer] = useState<string | null>(null);
  if (useDecided(answer, row.name, onDecided)) return null;
  return (
    <li>
      {row.name}
      <button type="button" onClick={() => setAnswer("Approved.")}>
        Approve {row.name}
      </button>
    </li>
  );
}

const queue = (rows: Row[]) => <DecisionQueue rows={rows} empty="Nothing to decide." testId="queue" item={(row, onDecided) => <Item key={row.id} row={row} onDecided={onDecided} />} />;

describe("DecisionQueue", () => {
  it("takes a decided item out of the list and says its answer once in the live region", async () => {
    const user = userEvent.setup({ delay: null });
    const { rerender } = render(queue([{ id: "1", name: "Ana" }, { id: "2", name: "Ben" }]));
    await user.click(screen.getByRole("button", { name: "Approve Ana" }));
    expect(within(screen.getByTestId("queue")).queryByText("Ana")).toBeNull();
    expect(within(screen.getByTestId("queue")).getByText("Ben")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Ana: Approved.");
    // The page's reload leaves the decided row out; the answer stays.
    rerender(queue([{ id: "2", name: "Ben" }]));
    expect(screen.getByRole("status").textContent).toBe("Ana: Approved.");
    await user.click(screen.getByRole("button", { name: "Approve Ben" }));
    expect(screen.getAllByText(/: Approved\./).map((node) => node.textContent)).toEqual(["Ana: Approved.", "Ben: Approved."]);
  });

  it("says when there is nothing to decide", () => {
    render(queue([]));
    expect(screen.getByText("Nothing to decide.")).toBeTruthy();
    expect(screen.queryByTestId("queue")).toBeNull();
  });
});
