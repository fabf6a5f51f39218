// The self-test job, run in a worker thread: streams `bytes` bytes of a fixed pattern in pieces
// of `chunkBytes`, waiting `delayMs` after each, and counts them. It shows on any instance that
// heavy jobs start, stream with backpressure, report progress and stop (POST /api/jobs/self-test).
import { setTimeout as sleep } from "node:timers/promises";
import type { SelfTestJobInput } from "@/lib/schemas/job";
import { selfTestBytes } from "@/server/jobs/kinds/self-test-bytes";
import { jobWorker } from "@/server/jobs/worker-runtime";

export default jobWorker<SelfTestJobInput, { bytes: number }, { bytesWritten: number; bytesTotal: number }>(
  async (input, job) => {
    job.progress({ bytesWritten: 0, bytesTotal: input.bytes });
    let written = 0;
    while (written < input.bytes) {
      const n = Math.min(input.chunkBytes, input.bytes - written);
      await job.write(selfTestBytes(written, n));
      written += n;
      job.progress({ bytesWritten: written });
      if (input.delayMs > 0) await sleep(input.delayMs);
    }
    return { bytes: written };
  },
);
