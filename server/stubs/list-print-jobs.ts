import "server-only";
import type { PrintJob } from "@/lib/schemas/stubs";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { env } from "@/server/env";

/** GET /api/print/jobs: the print log, newest first (the latest 200), for administrators. */
export async function listPrintJobs(options: { principal: Principal; limit?: number }) {
  requireAdmin(options.principal);
  const rows = await db().printJob.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: options.limit ?? 200 });
  const jobs: PrintJob[] = rows.map((r) => ({
    id: r.id,
    requestedBy: r.requestedByEmail,
    createdAt: r.createdAt.toISOString(),
    paper: r.paper as PrintJob["paper"],
    layout: r.layout as PrintJob["layout"],
    order: r.stackOrder as PrintJob["order"],
    from: r.fromNumber ?? 0,
    to: r.toNumber ?? 0,
    ticketCount: r.ticketCount,
    reprintCount: r.reprintCount,
    calibration: r.calibration,
    sha256: r.sha256,
  }));
  // The dialog warns when PUBLIC_BASE_URL is unset: the QR then holds this server's own address.
  return { jobs, publicBaseUrl: env().PUBLIC_BASE_URL?.replace(/\/+$/, "") ?? null };
}
