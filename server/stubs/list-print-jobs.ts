import "server-only";
import type { PrintJob } from "@/lib/schemas/stubs";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { publicUrl } from "@/server/secrets/installation-secrets";

/** GET /api/print/jobs: the print log, newest first (the latest 200), for administrators. */
export async function listPrintJobs(options: { principal: Principal; origin: string; limit?: number }) {
  requireAdmin(options.principal);
  const rows = await db().printJob.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: options.limit ?? 200,
  });
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
  // The dialog names the address the QR codes will hold, and warns when a phone could not open it.
  return { jobs, publicUrl: publicUrl(options.origin) };
}
