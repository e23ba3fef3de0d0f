import fs from "node:fs";

/**
 * What Linux's /proc says about processes, for benchmarks that print where the CPU and
 * memory went. Off Linux (no /proc) every figure is 0.
 */

/** `/proc/<pid>/stat` split after the command name: field 3 (state) is index 0. */
function statFields(pid: number | string): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null; // gone
  }
}

function allPids(): number[] {
  if (!fs.existsSync("/proc")) return [];
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);
}

/** A process and all its descendants (cluster workers, if any). */
export function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const pid of allPids()) {
    const ppid = Number(statFields(pid)?.[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const tree: number[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Every process whose command name is `name` (e.g. "postgres": the server and its backends). */
export function processesNamed(name: string): number[] {
  return allPids().filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() === name;
    } catch {
      return false;
    }
  });
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU time (user + system) the processes have used so far, in ms (10 ms resolution). */
export function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const fields = statFields(pid);
    if (fields) ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** Resident memory of the processes, in MB. */
export function rssMb(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      // gone
    }
  }
  return total;
}
