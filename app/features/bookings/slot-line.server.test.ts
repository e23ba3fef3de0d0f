import { afterEach, describe, expect, it, vi } from "vitest";
import { arrival, linesInUse, listingsRemembered, takeInTurn, takenAhead } from "./slot-line.server";

const HOUR = 3_600_000;
const range = (fromHour: number, hours = 1) => ({ start: fromHour * HOUR, end: (fromHour + hours) * HOUR });

type Outcome = { held: boolean; takenElsewhere?: boolean };
const taken = (outcome: Outcome) => outcome.held || Boolean(outcome.takenElsewhere);

/** A `take` that records when it runs and finishes with `outcome` when the test says so. */
function controlledTake(log: string[], name: string, outcome: Outcome) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const take = async () => {
    log.push(`${name} starts`);
    await finished;
    log.push(`${name} ends`);
    return outcome;
  };
  return { take, finish };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe("takeInTurn: one line per listing in this process", () => {
  it("runs attempts at one listing one after another, and answers 'taken' to those that arrived before an overlapping hold", async () => {
    const log: string[] = [];
    const first = controlledTake(log, "first", { held: true });
    const overlapping = controlledTake(log, "overlapping", { held: true });
    const elsewhere = controlledTake(log, "elsewhere", { held: true });
    const a = takeInTurn("space-1", { range: range(10, 2), guest: "guest-space-1", arrived: arrival() }, first.take, taken);
    const b = takeInTurn("space-1", { range: range(11), guest: "another guest", arrived: arrival() }, overlapping.take, taken);
    const c = takeInTurn("space-1", { range: range(14), guest: "guest-space-1", arrived: arrival() }, elsewhere.take, taken);
    await tick();
    expect(log).toEqual(["first starts"]);
    first.finish();
    await expect(a).resolves.toEqual({ held: true });
    await expect(b).resolves.toBe("taken");
    await tick();
    expect(log).toEqual(["first starts", "first ends", "elsewhere starts"]);
    elsewhere.finish();
    await expect(c).resolves.toEqual({ held: true });
    expect(log).not.toContain("overlapping starts");
    expect(linesInUse()).toBe(0);
  });

  it("also learns from the database's refusal: an attempt that arrived before it is answered without asking again", async () => {
    const log: string[] = [];
    const arrivedEarly = arrival();
    const refused = controlledTake(log, "refused", { held: false, takenElsewhere: true });
    refused.finish();
    await expect(takeInTurn("space-2", { range: range(9), guest: "guest-space-2", arrived: arrival() }, refused.take, taken)).resolves.toEqual({ held: false, takenElsewhere: true });
    // Arrived before the refusal and joins the line after it: answered from it.
    const later = controlledTake(log, "later", { held: true });
    later.finish();
    await expect(takeInTurn("space-2", { range: range(9), guest: "another guest", arrived: arrivedEarly }, later.take, taken)).resolves.toBe("taken");
    expect(log).toEqual(["refused starts", "refused ends"]);
  });

  it("never answers a guest from their own hold: their new choice releases it, so the database decides", async () => {
    const log: string[] = [];
    const first = controlledTake(log, "first choice", { held: true });
    const second = controlledTake(log, "second choice", { held: true });
    const a = takeInTurn("space-8", { range: range(10), guest: "ann", arrived: arrival() }, first.take, taken);
    const b = takeInTurn("space-8", { range: range(10, 2), guest: "ann", arrived: arrival() }, second.take, taken);
    first.finish();
    second.finish();
    await expect(Promise.all([a, b])).resolves.toEqual([{ held: true }, { held: true }]);
    expect(log).toContain("second choice starts");
  });

  it("lets the next attempt try when the one ahead did not take its slot, or failed", async () => {
    const log: string[] = [];
    const invalid = controlledTake(log, "invalid", { held: false });
    const a = takeInTurn("space-3", { range: range(10), guest: "guest-space-3", arrived: arrival() }, invalid.take, taken);
    const b = takeInTurn("space-3", { range: range(10), guest: "guest-space-3", arrived: arrival() }, async (): Promise<Outcome> => {
      throw new Error("database gone");
    }, taken);
    const third = controlledTake(log, "third", { held: true });
    const c = takeInTurn("space-3", { range: range(10), guest: "guest-space-3", arrived: arrival() }, third.take, taken);
    invalid.finish();
    await expect(a).resolves.toEqual({ held: false });
    await expect(b).rejects.toThrow("database gone");
    await tick();
    third.finish();
    await expect(c).resolves.toEqual({ held: true });
    expect(log).toEqual(["invalid starts", "invalid ends", "third starts", "third ends"]);
    expect(linesInUse()).toBe(0);
  });

  it("does not answer an attempt from a finding older than it (the hold may be gone since): the attempt asks the database", async () => {
    const log: string[] = [];
    const earlier = controlledTake(log, "earlier", { held: true });
    earlier.finish();
    await takeInTurn("space-4", { range: range(10), guest: "guest-space-4", arrived: arrival() }, earlier.take, taken);
    const late = controlledTake(log, "late", { held: false });
    late.finish();
    await expect(takeInTurn("space-4", { range: range(10), guest: "guest-space-4", arrived: arrival() }, late.take, taken)).resolves.toEqual({ held: false });
    expect(log).toContain("late starts");
  });

  it("keeps listings apart, and forgets a listing's findings a minute later", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    vi.setSystemTime(start);
    const log: string[] = [];
    const one = controlledTake(log, "one", { held: true });
    const two = controlledTake(log, "two", { held: true });
    const a = takeInTurn("space-5", { range: range(10), guest: "guest-space-5", arrived: arrival() }, one.take, taken);
    const b = takeInTurn("space-6", { range: range(10), guest: "guest-space-6", arrived: arrival() }, two.take, taken);
    await tick();
    expect(log).toEqual(["one starts", "two starts"]);
    one.finish();
    two.finish();
    await expect(Promise.all([a, b])).resolves.toEqual([{ held: true }, { held: true }]);
    const remembered = listingsRemembered();
    vi.setSystemTime(start + 61_000);
    const three = controlledTake(log, "three", { held: true });
    three.finish();
    await takeInTurn("space-7", { range: range(10), guest: "guest-space-7", arrived: arrival() }, three.take, taken);
    expect(listingsRemembered()).toBeLessThan(remembered);
    expect(listingsRemembered()).toBe(1);
  });
});

describe("takenAhead: 'slot taken' before reading, from the attempts in line", () => {
  it("waits for the attempts in line when it arrived, and says taken only for another guest's overlapping hold", async () => {
    const log: string[] = [];
    const first = controlledTake(log, "first", { held: true });
    const held = takeInTurn("space-8", { range: range(10, 2), guest: "first guest", arrived: arrival() }, first.take, taken);
    await tick();
    let answered = false;
    const overlapping = takenAhead("space-8", { range: range(11), guest: "second guest", arrived: arrival() }).then((answer) => ((answered = true), answer));
    const apart = takenAhead("space-8", { range: range(14), guest: "second guest", arrived: arrival() });
    const own = takenAhead("space-8", { range: range(11), guest: "first guest", arrived: arrival() });
    await tick();
    expect(answered).toBe(false);
    first.finish();
    await expect(held).resolves.toEqual({ held: true });
    await expect(overlapping).resolves.toBe(true);
    await expect(apart).resolves.toBe(false);
    await expect(own).resolves.toBe(false);
    // Once the line is empty, an attempt reads the calendar: nothing is answered from what was learnt before it arrived.
    await expect(takenAhead("space-8", { range: range(11), guest: "third guest", arrived: arrival() })).resolves.toBe(false);
    await expect(takenAhead("space-9", { range: range(11), guest: "third guest", arrived: arrival() })).resolves.toBe(false);
  });

  it("says nothing from an attempt that was refused for another reason", async () => {
    const log: string[] = [];
    const refused = controlledTake(log, "refused", { held: false });
    const attempt = takeInTurn("space-10", { range: range(10), guest: "first guest", arrived: arrival() }, refused.take, taken);
    await tick();
    const after = takenAhead("space-10", { range: range(10), guest: "second guest", arrived: arrival() });
    refused.finish();
    await attempt;
    await expect(after).resolves.toBe(false);
  });
});
