// GET /api/reconciliation/samples/{name} - a sample statement to try the import with: gcash.pdf, bdo.csv, bpi.csv,
// metrobank.csv (administrators)
import { apiRoute } from "@/server/http/api-route";
import { sampleStatement } from "@/server/reconciliation/sample-statements";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ params, principal }) => {
  const sample = await sampleStatement({ principal, name: params.name });
  return new Response(new Uint8Array(sample.bytes), {
    headers: { "content-type": sample.contentType, "content-disposition": `attachment; filename="${sample.fileName}"` },
  });
});
