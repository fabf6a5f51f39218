// GET /api/reconciliation/reports/{name} - unverified-claims, unmatched, mismatches, duplicates, matched as JSON {rows,
// count, total}; {name}.csv as CSV (administrators)
import { REPORT_NAMES, type ReportName } from "@/lib/schemas/reconciliation";
import { apiRoute } from "@/server/http/api-route";
import { AppError } from "@/server/http/errors";
import { reconciliationReport, reportCsv } from "@/server/reconciliation/reports";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ params, principal }) => {
  const csv = params.name.endsWith(".csv");
  const name = (csv ? params.name.slice(0, -4) : params.name) as ReportName;
  if (!REPORT_NAMES.includes(name))
    throw new AppError("not_found", `No report named '${params.name}' (reports: ${REPORT_NAMES.join(", ")})`);
  const answer = await reconciliationReport({ principal, name });
  if (!csv) return answer;
  return new Response(await reportCsv(name, answer), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="reconciliation-${name}.csv"`,
    },
  });
});
