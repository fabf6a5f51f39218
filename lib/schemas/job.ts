// Heavy jobs (stub PDFs, statement parsing, archives, imports) as the screens and the API see
// them: GET /api/jobs/{id}, and the self-test's body. The server's side is server/jobs/.
import { z } from "zod";

export const JOB_STATES = ["running", "succeeded", "failed", "cancelled"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  state: z.enum(JOB_STATES),
  /** Counters by name (rowsRead, rowsWritten, pagesRendered, bytesWritten, ...), updated at most once a second. */
  progress: z.record(z.string(), z.number()),
  /** What the job answered, once it succeeded (its shape depends on the kind). */
  result: z.unknown().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** A streamed job's output: its size and the SHA-256 (hex) of exactly the bytes sent. */
  outputBytes: z.number().int().nullable(),
  outputSha256: z.string().nullable(),
  startedAt: z.iso.datetime({ offset: true }),
  /** When the running instance last wrote the row (progress or heartbeat). */
  updatedAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobResponseSchema = z.object({ success: z.literal(true), job: jobSchema });
export type JobResponse = z.infer<typeof jobResponseSchema>;

export const SELF_TEST_LIMITS = { maxBytes: 16 * 1024 * 1024, maxChunkBytes: 1024 * 1024, maxDelayMs: 1000 } as const;

const whole = (name: string, min: number, max: number, fallback: number) =>
  z
    .number({
      error: `${name} must be a whole number from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}`,
    })
    .int(`${name} must be a whole number from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}`)
    .min(min, `${name} must be a whole number from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}`)
    .max(max, `${name} must be a whole number from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}`)
    .default(fallback);

/** POST /api/jobs/self-test: how much to stream, in what pieces, how slowly. */
export const selfTestJobSchema = z.object({
  bytes: whole("bytes", 0, SELF_TEST_LIMITS.maxBytes, 1024 * 1024),
  chunkBytes: whole("chunkBytes", 1, SELF_TEST_LIMITS.maxChunkBytes, 16 * 1024),
  delayMs: whole("delayMs", 0, SELF_TEST_LIMITS.maxDelayMs, 0),
});
export type SelfTestJobInput = z.output<typeof selfTestJobSchema>;
