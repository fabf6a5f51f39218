// A job for the mechanism's tests (tests/integration/jobs.test.ts): each mode does one thing a
// real job might, including the things the limits exist for.
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { JobError } from "@/server/jobs/protocol";
import { currentThreadNiceness, jobWorker } from "@/server/jobs/worker-runtime";

export type ProbeInput =
  | { mode: "spin" }
  | { mode: "allocate" }
  | { mode: "allocate-strings" }
  | { mode: "fail-known" }
  | { mode: "fail-unknown" }
  | { mode: "exit" }
  | { mode: "echo-input" }
  | { mode: "items"; count: number }
  | { mode: "sleep"; ms: number }
  | { mode: "niceness" };

export default jobWorker<
  ProbeInput,
  { count?: number; bytes?: number; sha256?: string },
  { emitted: number; bytesRead: number; rowsWritten: number },
  { n: number }
>(async (input, job) => {
  switch (input.mode) {
    case "niceness":
      return { count: currentThreadNiceness() ?? -1 };
    case "spin":
      for (;;) {
        // Synchronous work that never yields: only terminating the thread stops it.
      }
    case "allocate": {
      const kept: number[][] = [];
      for (;;) kept.push(new Array(50_000).fill(1.5));
    }
    case "allocate-strings": {
      // The shape that makes V8's own worker limit abort the whole process (nodejs/node#47224).
      const s = "s".repeat(1 << 20);
      const kept: string[] = [];
      for (;;) {
        const at = Math.floor(Math.random() * s.length);
        kept.push(s.slice(0, at) + "x" + s.slice(at));
      }
    }
    case "fail-known":
      throw new JobError("unsupported_media_type", "The file is not a GCash statement");
    case "fail-unknown":
      throw new Error("a bug in the job");
    case "exit":
      return process.exit(3);
    case "echo-input": {
      const hash = createHash("sha256");
      let bytes = 0;
      for await (const chunk of job.input()) {
        hash.update(chunk);
        bytes += chunk.byteLength;
        job.progress({ bytesRead: bytes });
      }
      return { bytes, sha256: hash.digest("hex") };
    }
    case "items":
      for (let n = 1; n <= input.count; n++) {
        await job.emit({ n });
        job.progress({ emitted: n });
      }
      return { count: input.count };
    case "sleep":
      await sleep(input.ms);
      return {};
  }
});
