// A server's memory as the benches read it: the resident set of the process and every process
// under it (npx → next start → its workers), from /proc (Linux).
import { readdirSync, readFileSync } from "node:fs";

/** `root` and every process descended from it, now. */
export function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

/** The summed VmRSS of `pids`, in bytes (a process that has ended counts 0). */
export function rssBytes(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (m) total += Number(m[1]) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}

/** Bytes as MB with one decimal. */
export const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The 95th percentile (nearest rank). */
export const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * 0.95) - 1)];
