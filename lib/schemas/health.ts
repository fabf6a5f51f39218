// GET /api/health (readiness: the database answers) and /api/health/live (the process answers).
import { z } from "zod";

export const healthReportSchema = z.union([
  z.object({ status: z.literal("ok"), database: z.literal("ok") }),
  z.object({ status: z.literal("error"), database: z.string() }),
]);
export type HealthReport = z.infer<typeof healthReportSchema>;

export const liveReportSchema = z.object({ status: z.literal("ok") });
export type LiveReport = z.infer<typeof liveReportSchema>;
