// npx tsx bench/profile-summary.ts <file.cpuprofile> [windows.json]
// Issue 42: where the server's CPU goes, per request kind. Reads a V8 CPU profile of the
// production server taken under `npm run bench -- --cpu-prof <dir>` and, with the windows file the
// bench writes beside it (each measured run's start and end on the monotonic clock the profile
// uses), splits the samples by request kind. For each kind it prints the CPU (ms) per request in
// each category of work: the categories match a sample's stack from its leaf upwards, the first
// rule that names a frame wins (so "session" holds everything under getPrincipal, the driver's
// own work included).
import { readFileSync } from "node:fs";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface Window {
  op: string;
  start_us: number;
  end_us: number;
  requests: number;
}

/**
 * Categories by a frame anywhere on the sample's synchronous stack, innermost rule first. An async
 * function's continuation runs from the microtask queue, so its stack no longer shows who awaited
 * it: app functions (getPrincipal, enforceRateLimit) cannot be told apart by stack, but the
 * libraries they call can, with the socket writes those libraries make.
 */
const STACK_RULES: [string, (f: Node["callFrame"]) => boolean][] = [
  ["Prisma", (f) => /@prisma|generated\/prisma|query_compiler|query_engine/.test(f.url)],
  [
    "pg driver (protocol, parsing, its socket writes)",
    (f) => /node_modules\/(pg|pg-protocol|pg-types|postgres-[a-z]+|pg-pool|pg-copy-streams)\//.test(f.url),
  ],
  [
    "request log (pino, its writes)",
    (f) => /node_modules\/(pino|sonic-boom)/.test(f.url) || /finishRequest|trackRequest/.test(f.functionName),
  ],
  ["zod", (f) => /node_modules\/zod/.test(f.url)],
  [
    "the proxy (proxy.ts, start.mjs front door)",
    (f) => /lib\/(front-door|client-address|request-path)\.mjs|scripts\/start\.mjs/.test(f.url),
  ],
];
const LEAF_RULES: [string, (f: Node["callFrame"]) => boolean][] = [
  ["garbage collection", (f) => f.functionName === "(garbage collector)"],
  ["idle", (f) => f.functionName === "(idle)" || f.functionName === "(program)"],
  ["serialisation (JSON)", (f) => /^(stringify|parse|JSON)/.test(f.functionName)],
  [
    "HTTP socket writes and reads (syscalls)",
    (f) =>
      /writev|writeBuffer|writeUtf8String|writeLatin1String|onStreamRead|writeGeneric/.test(f.functionName) ||
      f.url.startsWith("node:net") ||
      f.url.startsWith("node:internal/stream_base"),
  ],
  ["Next.js (routing, web Request/Response, streams)", (f) => /node_modules\/next\/|undici|webstreams/.test(f.url)],
  ["Node internals (http, streams, timers)", (f) => f.url.startsWith("node:")],
  ["app code", (f) => /\.next\/server\//.test(f.url)],
  ["microtasks", (f) => f.functionName === "runMicrotasks"],
];

export function summarize(profile: Profile, windows: Window[] | null) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const categoryCache = new Map<number, string>();
  const categoryOf = (id: number): string => {
    const cached = categoryCache.get(id);
    if (cached) return cached;
    const leaf = byId.get(id)!.callFrame;
    let found: string | null = null;
    for (const [name, test] of LEAF_RULES.slice(0, 2)) if (test(leaf)) found = name;
    for (let at: number | undefined = id; at !== undefined && !found; at = parent.get(at)) {
      const f = byId.get(at)!.callFrame;
      for (const [name, test] of STACK_RULES) {
        if (test(f)) {
          found = name;
          break;
        }
      }
    }
    for (const [name, test] of LEAF_RULES.slice(2)) {
      if (found) break;
      if (test(leaf)) found = name;
    }
    found ??= "other";
    categoryCache.set(id, found);
    return found;
  };
  const ws = windows ?? [{ op: "whole run", start_us: profile.startTime, end_us: profile.endTime, requests: 1 }];
  const result: Record<string, { requests: number; busy_ms_per_request: number; categories: Record<string, number> }> =
    {};
  const totals = ws.map(() => new Map<string, number>());
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const w = ws.findIndex((x) => t >= x.start_us && t < x.end_us);
    if (w === -1) continue;
    const cat = categoryOf(profile.samples[i]);
    totals[w].set(cat, (totals[w].get(cat) ?? 0) + dt);
  }
  ws.forEach((w, i) => {
    const key = w.op;
    const entry = (result[key] ??= { requests: 0, busy_ms_per_request: 0, categories: {} });
    entry.requests += w.requests;
    for (const [cat, ms] of totals[i]) entry.categories[cat] = (entry.categories[cat] ?? 0) + ms;
  });
  for (const entry of Object.values(result)) {
    const per: Record<string, number> = {};
    let busy = 0;
    for (const [cat, ms] of Object.entries(entry.categories).sort((a, b) => b[1] - a[1])) {
      const v = Math.round((ms / Math.max(1, entry.requests)) * 1000) / 1000;
      if (cat !== "idle") busy += ms;
      if (v >= 0.005) per[cat] = v;
    }
    entry.busy_ms_per_request = Math.round((busy / Math.max(1, entry.requests)) * 1000) / 1000;
    // Shares of the busy samples: under load a sample's interval includes time the process waited
    // for a core, so scale the shares by the CPU per request that /proc measured (bench/results.json).
    for (const cat of Object.keys(per))
      if (cat !== "idle")
        per[`${cat} %`] = Math.round((per[cat] / Math.max(1e-9, entry.busy_ms_per_request)) * 1000) / 10;
    entry.categories = per;
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("profile-summary.ts")) {
  const [file, windowsFile] = process.argv.slice(2);
  if (!file) {
    console.error("usage: tsx bench/profile-summary.ts <file.cpuprofile> [windows.json]");
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const windows = windowsFile ? (JSON.parse(readFileSync(windowsFile, "utf8")) as Window[]) : null;
  console.log(JSON.stringify(summarize(profile, windows), null, 2));
}
