// POST /api/tickets/{id}/attachments - attach a proof of payment, multipart field `file` (signed-in users who may see
// the ticket's contacts) GET /api/tickets/{id}/attachments - the ticket's attachments, without their bytes (same
// callers)
import { apiRoute, json } from "@/server/http/api-route";
import { readUploadedFile, UPLOAD_BODY_LIMIT_BYTES } from "@/server/http/read-upload";
import { listAttachments } from "@/server/attachments/list-attachments";
import { uploadAttachment } from "@/server/attachments/upload-attachment";
import type { AttachmentSaved, TicketAttachment } from "@/lib/schemas/attachment";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { access: "user", bodyLimitBytes: UPLOAD_BODY_LIMIT_BYTES },
  async ({ req, params, principal }) => {
    const file = await readUploadedFile(req, { field: "file", limitBytes: UPLOAD_BODY_LIMIT_BYTES });
    const attachment = await uploadAttachment({
      principal,
      ticketRef: params.id,
      fileName: file.name,
      bytes: file.bytes,
    });
    return json(
      { success: true, message: "Attachment uploaded successfully", attachment } satisfies AttachmentSaved,
      201,
    );
  },
);

export const GET = apiRoute({ access: "user" }, async ({ params, principal }) => {
  return (await listAttachments({ principal, ticketRef: params.id })) satisfies TicketAttachment[];
});
