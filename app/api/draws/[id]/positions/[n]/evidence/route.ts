// POST /api/draws/{id}/positions/{n}/evidence - an evidence file for the position's disqualification, multipart field
// `file` (admin)
import { apiRoute, json } from "@/server/http/api-route";
import { readUploadedFile, UPLOAD_BODY_LIMIT_BYTES } from "@/server/http/read-upload";
import { addEvidence } from "@/server/draw/evidence";
import type { EvidenceSaved } from "@/lib/schemas/draw";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { access: "admin", bodyLimitBytes: UPLOAD_BODY_LIMIT_BYTES },
  async ({ req, params, principal }) => {
    const file = await readUploadedFile(req, { field: "file", limitBytes: UPLOAD_BODY_LIMIT_BYTES });
    const evidence = await addEvidence({
      id: params.id,
      position: params.n,
      fileName: file.name,
      bytes: file.bytes,
      principal,
    });
    return json({ success: true, message: "Evidence attached", evidence } satisfies EvidenceSaved, 201);
  },
);
