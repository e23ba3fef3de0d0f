/**
 * One line per listing, in this server process, for taking a slot (ADR 0191).
 *
 * In a rush for one listing most attempts want a slot that another attempt is taking at
 * the same moment. Each of them used to open a transaction whose calendar row then
 * waited on the winner's and failed: four round trips to the database to learn 'slot
 * taken'. In line, attempts at one listing take their slot one after another, and the
 * line remembers what it learnt: a range it took, or one the database refused as taken.
 * An attempt that arrived before such a moment and wants an overlapping range is
 * answered 'slot taken' at once. That answer is as true as reading the calendar: the
 * range was taken while the attempt was in flight.
 *
 * A guest's own findings never answer their other attempts: a guest's new choice
 * releases their open checkout, so the database decides those.
 *
 * It is only a shortcut within one process. Other workers and machines are not in this
 * line; the database's exclusion constraint still decides every race.
 */

type Range = { start: number; end: number };

/** What the line learnt: a range found taken by whose attempt, at which moment (`tick`), and when (ms). */
type Taken = Range & { by: string; tick: number; atMs: number };

/** Settles when the attempt at the back of the line is done; with how many are in it. */
const lines = new Map<string, { back: Promise<void>; length: number }>();
const learnt = new Map<string, Taken[]>();
let clock = 0;

/** Older findings can only answer attempts that have been in flight longer than this. */
const REMEMBER_MS = 60_000;
const REMEMBER_PER_LISTING = 500;

/** The moment an attempt arrived, to pass to takeInTurn: it is answered only from what was learnt after. */
export function arrival(): number {
  return ++clock;
}

/**
 * Runs `take` for `range` of listing `spaceId` once every earlier attempt at that
 * listing in this process is done, and returns what it returns; or "taken", without
 * running it, when the line learnt after `arrived`, from another guest's attempt, that
 * an overlapping range is taken. `guest` is whose attempt this is; `taken` tells from
 * `take`'s result whether the range is now taken (held, or refused because it is).
 */
export async function takeInTurn<T>(
  spaceId: string,
  attempt: { range: Range; guest: string; arrived: number },
  take: () => Promise<T>,
  taken: (result: T) => boolean,
): Promise<T | "taken"> {
  if (takenSince(spaceId, attempt)) return "taken";
  const line = lines.get(spaceId) ?? { back: Promise.resolve(), length: 0 };
  lines.set(spaceId, line);
  const ahead = line.back;
  let done!: () => void;
  line.back = new Promise<void>((resolve) => (done = resolve));
  line.length += 1;
  try {
    await ahead;
    if (takenSince(spaceId, attempt)) return "taken";
    const result = await take();
    if (taken(result)) learn(spaceId, attempt.range, attempt.guest);
    return result;
  } finally {
    line.length -= 1;
    if (line.length === 0) lines.delete(spaceId);
    done();
  }
}

/**
 * Whether an attempt can be answered 'slot taken' before it reads anything: once the
 * attempts in line at `spaceId` when it arrived are done, one of them (another guest's)
 * took an overlapping range. No line at the listing: false at once. In a rush, most
 * attempts learn 'taken' this way without a round trip to the database (ADR 0278); the
 * others read the calendar as before. `attempt.range` must be the range the attempt
 * would take (its booking's own time, as the line learns it).
 */
export async function takenAhead(spaceId: string, attempt: { range: Range; guest: string; arrived: number }): Promise<boolean> {
  const line = lines.get(spaceId);
  if (!line) return false;
  await line.back;
  return takenSince(spaceId, attempt);
}

function takenSince(spaceId: string, { range, guest, arrived }: { range: Range; guest: string; arrived: number }): boolean {
  return (learnt.get(spaceId) ?? []).some((other) => other.tick > arrived && other.by !== guest && other.start < range.end && range.start < other.end);
}

function learn(spaceId: string, range: Range, by: string) {
  const now = Date.now();
  const kept = (learnt.get(spaceId) ?? []).filter((other) => now - other.atMs < REMEMBER_MS).slice(-(REMEMBER_PER_LISTING - 1));
  kept.push({ ...range, by, tick: ++clock, atMs: now });
  // Most recently learnt last, so listings with nothing recent go from the front.
  learnt.delete(spaceId);
  learnt.set(spaceId, kept);
  for (const [id, findings] of learnt) {
    if (now - findings.at(-1)!.atMs < REMEMBER_MS) break;
    learnt.delete(id);
  }
}

/** Listings with attempts in line (for tests: none once every attempt has settled). */
export function linesInUse(): number {
  return lines.size;
}

/** Listings the line remembers findings for (for tests). */
export function listingsRemembered(): number {
  return learnt.size;
}
