// The close-out archive benchmark (issue 24, docs/decisions/149): POST /api/raffle/archive.zip from
// the production build, the whole ZIP read, with the server's RSS (the process and its worker
// threads: one process) sampled every 20 ms: before, peak, growth, and the curve against the bytes
// sent. Run at two sizes, the growth should not follow the size when the archive streams.
// Part of `npm run bench` (bench/run.ts calls measureArchive on its seeded server); on its own:
//   npx tsx --conditions=react-server bench/archive.ts [--tickets 10000,100000] [--audit-rows 25000] [--skip-build]
// [--port 3560] writes bench/archive-results.json.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { benchEnv, createDatabase, ensureBuild, runTsx, seed, startServer, stopServer } from "./harness";
import { mb, processTree, rssBytes } from "./process-memory";

export interface ArchiveFigures {
  ms: number;
  first_byte_ms: number;
  zip_mb: number;
  files: number;
  ticket_rows: number;
  /** Lines of audit-log.jsonl read back with unzip: every audit row (issue 36). */
  audit_rows: number;
  rss_before_mb: number;
  rss_peak_mb: number;
  rss_growth_mb: number;
  /** When the peak came (ms after the request) and the RSS when the first byte came. */
  peak_at_ms: number;
  rss_at_first_byte_mb: number;
  /** RSS at each tenth of the ZIP's bytes: flat when it streams. */
  rss_by_progress_mb: { sent_mb: number; rss_mb: number }[];
}

/**
 * The fixed cost of any worker job, for comparison: RSS before and at the peak while the server
 * renders the remittance report (a small PDF from the same kind of worker), on a fresh server.
 */
export async function measureSmallJob(options: { base: string; token: string; serverPid: number }) {
  const before = rssBytes(processTree(options.serverPid));
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(processTree(options.serverPid)))), 20);
  const started = performance.now();
  const res = await fetch(`${options.base}/remittances/report.pdf`, {
    headers: { authorization: `Bearer ${options.token}` },
  });
  const bytes = (await res.arrayBuffer()).byteLength;
  const ms = performance.now() - started;
  clearInterval(sampler);
  if (res.status !== 200) throw new Error(`report.pdf answered ${res.status}`);
  return {
    ms: Math.round(ms),
    pdf_kb: Math.round(bytes / 1024),
    rss_before_mb: mb(before),
    rss_peak_mb: mb(peak),
    rss_growth_mb: mb(peak - before),
  };
}

/** Downloads the archive from a running server and reads it back (unzip): time, size, RSS. */
export async function measureArchive(options: {
  base: string;
  token: string;
  serverPid: number;
}): Promise<ArchiveFigures> {
  const pids = processTree(options.serverPid);
  const rssBefore = rssBytes(pids);
  let peak = rssBefore;
  let peakAt = 0;
  let sent = 0;
  const curve: { sent: number; rss: number }[] = [];
  const started = performance.now();
  const sampler = setInterval(() => {
    const now = rssBytes(processTree(options.serverPid));
    if (now > peak) {
      peak = now;
      peakAt = performance.now() - started;
    }
    curve.push({ sent, rss: now });
  }, 20);
  const res = await fetch(`${options.base}/raffle/archive.zip`, {
    method: "POST",
    headers: { authorization: `Bearer ${options.token}` },
  });
  if (res.status !== 200 || !res.body) {
    clearInterval(sampler);
    throw new Error(`archive answered ${res.status}: ${await res.text()}`);
  }
  const firstByte = performance.now() - started;
  const rssAtFirstByte = rssBytes(processTree(options.serverPid));
  const dir = mkdtempSync(path.join(tmpdir(), "archive-bench-"));
  const chunks: Uint8Array[] = [];
  for await (const chunk of res.body) {
    sent += chunk.byteLength;
    chunks.push(chunk);
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssBytes(processTree(options.serverPid)));
  try {
    const zip = path.join(dir, "archive.zip");
    writeFileSync(zip, Buffer.concat(chunks));
    const manifest = JSON.parse(execFileSync("unzip", ["-p", zip, "manifest.json"], { encoding: "utf8" })) as {
      files: Record<string, unknown>;
    };
    const ticketLines = execFileSync("sh", ["-c", `unzip -p "${zip}" tickets.csv | wc -l`], { encoding: "utf8" });
    const auditLines = execFileSync("sh", ["-c", `unzip -p "${zip}" audit-log.jsonl | wc -l`], { encoding: "utf8" });
    const byTenth: { sent_mb: number; rss_mb: number }[] = [];
    for (let tenth = 1; tenth <= 10; tenth++) {
      const at = curve.find((c) => c.sent >= (sent * tenth) / 10);
      if (at) byTenth.push({ sent_mb: mb(at.sent), rss_mb: mb(at.rss) });
    }
    return {
      ms: Math.round(ms),
      first_byte_ms: Math.round(firstByte),
      zip_mb: mb(sent),
      files: Object.keys(manifest.files).length + 2,
      ticket_rows: Number(ticketLines.trim()) - 1,
      audit_rows: Number(auditLines.trim()),
      rss_before_mb: mb(rssBefore),
      rss_peak_mb: mb(peak),
      rss_growth_mb: mb(peak - rssBefore),
      peak_at_ms: Math.round(peakAt),
      rss_at_first_byte_mb: mb(rssAtFirstByte),
      rss_by_progress_mb: byTenth,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      tickets: { type: "string", default: "10000,100000" },
      "skip-build": { type: "boolean", default: false },
      port: { type: "string", default: "3560" },
      "audit-rows": { type: "string", default: "25000" },
    },
  });
  ensureBuild(args["skip-build"]);
  const runs: (ArchiveFigures & {
    tickets: number;
    seed_s: number;
    small_job: Awaited<ReturnType<typeof measureSmallJob>>;
  })[] = [];
  for (const tickets of args.tickets.split(",").map(Number)) {
    const database = await createDatabase("pglite", "archive", benchEnv());
    try {
      const seedStarted = performance.now();
      seed(database.env, tickets);
      // The 25,000 audit rows (issue 36): the archive must hold every one.
      runTsx("bench/archive-audit-rows.ts", [args["audit-rows"]], database.env, true);
      const token = runTsx("bench/stats-prepare.ts", [], database.env, true).trim().split("\n").pop()!;
      const seedS = Math.round((performance.now() - seedStarted) / 1000);
      // Each measurement on a freshly started server: memory one job touched is not reused by the next.
      const withServer = async <T>(measure: (base: string, pid: number) => Promise<T>) => {
        const server = await startServer(database.env, Number(args.port));
        try {
          return await measure(`${server.origin}/api`, server.pid);
        } finally {
          await stopServer(server);
        }
      };
      const smallJob = await withServer((base, serverPid) => measureSmallJob({ base, token, serverPid }));
      const figures = await withServer((base, serverPid) => measureArchive({ base, token, serverPid }));
      console.log(`== ${tickets} tickets:`, JSON.stringify({ ...figures, small_job: smallJob }));
      runs.push({ tickets, seed_s: seedS, ...figures, small_job: smallJob });
    } finally {
      await database.drop();
    }
  }
  const results = {
    measuredAt: new Date().toISOString(),
    engine: "pglite",
    runs,
    load_average: readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" "),
  };
  writeFileSync("bench/archive-results.json", `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
