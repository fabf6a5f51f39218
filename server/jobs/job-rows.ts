import "server-only";
import type { Job, JobState } from "@/lib/schemas/job";
import { sql } from "@/server/db/client";
import type { JobProgress } from "@/server/jobs/protocol";

/** A running job whose instance has not written its row for this long has lost that instance. */
export const JOB_LOST_AFTER_MS = 45_000;
/** Finished jobs are kept this long (the print log and the audit log keep what must last). */
const KEEP_FINISHED_DAYS = 30;

interface JobRow {
  id: string;
  kind: string;
  user_id: string | null;
  state: JobState;
  progress: JobProgress;
  result: unknown;
  error_code: string | null;
  error: string | null;
  output_bytes: string | number | null;
  output_sha256: string | null;
  started_at: Date;
  heartbeat_at: Date;
  finished_at: Date | null;
  /** now() - heartbeat_at in ms, by the database's clock. */
  silent_ms: number;
}

export async function insertJobRow(row: { id: string; kind: string; userId: string | null }) {
  await sql(`INSERT INTO jobs (id, kind, user_id) VALUES ($1::uuid, $2, $3::uuid)`, [row.id, row.kind, row.userId]);
}

/** Progress and heartbeat of a running job; a finished job's row is left alone. */
export async function updateJobProgress(id: string, progress: JobProgress) {
  await sql(`UPDATE jobs SET progress = $2::jsonb, heartbeat_at = now() WHERE id = $1::uuid AND state = 'running'`, [
    id,
    JSON.stringify(progress),
  ]);
}

export interface JobEnd {
  state: Exclude<JobState, "running">;
  progress: JobProgress;
  result?: unknown;
  error?: { code: string; message: string };
  /** Bytes handed to the reader; their SHA-256 only when the output is complete. */
  output?: { bytes: number; sha256: string | null };
}

export async function finishJobRow(id: string, end: JobEnd) {
  await sql(
    `UPDATE jobs SET state = $2, progress = $3::jsonb, result = $4::jsonb, error_code = $5, error = $6,
       output_bytes = $7, output_sha256 = $8, heartbeat_at = now(), finished_at = now()
     WHERE id = $1::uuid AND state = 'running'`,
    [
      id,
      end.state,
      JSON.stringify(end.progress),
      end.result === undefined ? null : JSON.stringify(end.result),
      end.error?.code ?? null,
      end.error?.message ?? null,
      end.output?.bytes ?? null,
      end.output?.sha256 ?? null,
    ],
  );
}

/** Old finished jobs go; called when a job starts, so the table stays small without a scheduler. */
export async function deleteOldJobRows() {
  await sql(`DELETE FROM jobs WHERE finished_at < now() - make_interval(days => $1)`, [KEEP_FINISHED_DAYS]);
}

export async function readJobRow(id: string): Promise<(JobRow & { userId: string | null }) | null> {
  const [row] = await sql<JobRow>(
    `SELECT id::text, kind, user_id::text, state, progress, result, error_code, error, output_bytes, output_sha256,
            started_at, heartbeat_at, finished_at,
            (extract(epoch FROM now() - heartbeat_at) * 1000)::float8 AS silent_ms
     FROM jobs WHERE id = $1::uuid`,
    [id],
  );
  return row ? { ...row, userId: row.user_id } : null;
}

/** The API's view of a row: a running job whose instance went silent is reported as failed. */
export function serializeJob(row: JobRow): Job {
  const lost = row.state === "running" && row.silent_ms > JOB_LOST_AFTER_MS;
  return {
    id: row.id,
    kind: row.kind,
    state: lost ? "failed" : row.state,
    progress: row.progress,
    result: row.result ?? null,
    error: lost
      ? { code: "job_lost", message: "The server running this job stopped before it finished" }
      : row.error_code || row.error
        ? { code: row.error_code ?? "internal", message: row.error ?? "" }
        : null,
    outputBytes: row.output_bytes === null ? null : Number(row.output_bytes),
    outputSha256: row.output_sha256,
    startedAt: new Date(row.started_at).toISOString(),
    updatedAt: new Date(row.heartbeat_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}
