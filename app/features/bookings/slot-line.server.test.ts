import { describe, expect, it } from "vitest";
import { linesInUse, takeInTurn } from "./slot-line.server";

const HOUR = 3_600_000;
const range = (fromHour: number, hours = 1) => ({ start: fromHour * HOUR, end: (fromHour + hours) * HOUR });

/** A `take` that records when it runs and finishes when the test says so. */
function controlledTake(log: string[], name: string, held: boolean) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const take = async () => {
    log.push(`${name} starts`);
    await finished;
    log.push(`${name} ends`);
    return { held };
  };
  return { take, finish };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const took = (result: { held: boolean }) => result.held;

describe("takeInTurn: one line per listing in this process", () => {
  it("runs attempts at one listing one after another, and answers 'taken' to those that waited behind an overlapping hold", async () => {
    const log: string[] = [];
    const first = controlledTake(log, "first", true);
    const overlapping = controlledTake(log, "overlapping", true);
    const elsewhere = controlledTake(log, "elsewhere", true);
    const a = takeInTurn("space-1", range(10, 2), first.take, took);
    const b = takeInTurn("space-1", range(11), overlapping.take, took);
    const c = takeInTurn("space-1", range(14), elsewhere.take, took);
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

  it("lets the next attempt try when the one ahead did not take its slot, or failed", async () => {
    const log: string[] = [];
    const refused = controlledTake(log, "refused", false);
    const a = takeInTurn("space-2", range(10), refused.take, took);
    const b = takeInTurn("space-2", range(10), async () => {
      throw new Error("database gone");
    }, took);
    const third = controlledTake(log, "third", true);
    const c = takeInTurn("space-2", range(10), third.take, took);
    refused.finish();
    await expect(a).resolves.toEqual({ held: false });
    await expect(b).rejects.toThrow("database gone");
    await tick();
    third.finish();
    await expect(c).resolves.toEqual({ held: true });
    expect(log).toEqual(["refused starts", "refused ends", "third starts", "third ends"]);
    expect(linesInUse()).toBe(0);
  });

  it("does not answer from a hold taken before the attempt arrived (it may be gone since): the attempt asks the database", async () => {
    const log: string[] = [];
    const earlier = controlledTake(log, "earlier", true);
    const a = takeInTurn("space-3", range(10), earlier.take, took);
    const waiting = controlledTake(log, "waiting", true);
    const b = takeInTurn("space-3", range(20), waiting.take, took);
    earlier.finish();
    await a;
    // Arrives after 'earlier' took 10:00 while the line still exists (b is in it).
    const late = controlledTake(log, "late", false);
    const c = takeInTurn("space-3", range(10), late.take, took);
    waiting.finish();
    await b;
    await tick();
    late.finish();
    await expect(c).resolves.toEqual({ held: false });
    expect(log).toContain("late starts");
    expect(linesInUse()).toBe(0);
  });

  it("keeps listings apart", async () => {
    const log: string[] = [];
    const one = controlledTake(log, "one", true);
    const two = controlledTake(log, "two", true);
    const a = takeInTurn("space-4", range(10), one.take, took);
    const b = takeInTurn("space-5", range(10), two.take, took);
    await tick();
    expect(log).toEqual(["one starts", "two starts"]);
    one.finish();
    two.finish();
    await expect(Promise.all([a, b])).resolves.toEqual([{ held: true }, { held: true }]);
  });
});
