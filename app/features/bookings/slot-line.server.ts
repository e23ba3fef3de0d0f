/**
 * One line per listing, in this server process, for taking a slot (ADR 0191).
 *
 * In a rush for one listing most attempts want a slot another attempt is taking at the
 * same moment. Each of them used to open a transaction whose calendar row then waited on
 * the winner's and failed: seven round trips to the database to learn 'slot taken'. In
 * line, attempts at one listing take their slot one after another; an attempt that
 * joined the line while an earlier one took an overlapping range is answered at once.
 * That answer is as true as reading the calendar: the hold was committed while the
 * attempt was in flight.
 *
 * It is only a shortcut within one process. Other workers and machines are not in this
 * line; the database's exclusion constraint still decides every race.
 */

type Range = { start: number; end: number };

type Line = {
  /** Settles when the attempt at the back of the line is done. */
  back: Promise<void>;
  /** Attempts in line, including the one taking its slot. */
  length: number;
  /** Ranges taken since the line formed, with the ticket of the moment each was taken. */
  taken: Array<Range & { ticket: number }>;
};

const lines = new Map<string, Line>();
let tickets = 0;

/**
 * Runs `take` for `range` of listing `spaceId` once every earlier attempt at that
 * listing in this process is done, and returns what it returns; or "taken", without
 * running it, when an attempt that was ahead in line took an overlapping range.
 * `took` tells from `take`'s result whether the slot was taken.
 */
export async function takeInTurn<T>(spaceId: string, range: Range, take: () => Promise<T>, took: (result: T) => boolean): Promise<T | "taken"> {
  const line = lines.get(spaceId) ?? { back: Promise.resolve(), length: 0, taken: [] };
  lines.set(spaceId, line);
  const ticket = ++tickets;
  const ahead = line.back;
  let done!: () => void;
  line.back = new Promise<void>((resolve) => (done = resolve));
  line.length += 1;
  try {
    await ahead;
    if (line.taken.some((other) => other.ticket > ticket && other.start < range.end && range.start < other.end)) return "taken";
    const result = await take();
    if (took(result)) line.taken.push({ ...range, ticket: ++tickets });
    return result;
  } finally {
    line.length -= 1;
    if (line.length === 0) lines.delete(spaceId);
    done();
  }
}

/** Listings with attempts in line (for tests: none once every attempt has settled). */
export function linesInUse(): number {
  return lines.size;
}
