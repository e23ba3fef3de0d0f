/**
 * Named points in the money paths where a test can stop the process (issue #25): each
 * step of a transition that a crash could separate from the next calls `faultPoint`
 * with its name. Armed by a test, the point throws `InjectedCrash` once, as if the
 * process had died there: nothing after it runs, and the transaction it is in rolls
 * back. Unarmed (always, outside tests) it is one Set lookup.
 */
export const FAULT_POINTS = [
  // A provider call: after it is recorded (committed), before it is made…
  "call:before-provider",
  // …after the provider answered, before the answer is recorded…
  "call:after-provider",
  // …and inside the transaction that records it, before it commits.
  "call:before-record-commit",
  // A transition's transaction, after its effects, before it commits.
  "transition:before-commit",
  // A payout: after the transfer, before it is recorded.
  "payout:after-transfer",
] as const;

export type FaultPoint = (typeof FAULT_POINTS)[number];

export class InjectedCrash extends Error {
  constructor(readonly point: FaultPoint) {
    super(`Injected crash at ${point}`);
    this.name = "InjectedCrash";
  }
}

const armed = new Map<FaultPoint, number>();

/** Arms a point: its next `times` passes throw (default once). */
export function armFault(point: FaultPoint, times = 1) {
  armed.set(point, times);
}

export function disarmFaults() {
  armed.clear();
}

export function faultPoint(point: FaultPoint) {
  const left = armed.get(point);
  if (left === undefined) return;
  if (left <= 1) armed.delete(point);
  else armed.set(point, left - 1);
  throw new InjectedCrash(point);
}
