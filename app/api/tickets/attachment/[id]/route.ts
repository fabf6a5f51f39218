// DELETE /api/tickets/attachment/{id} - delete an attachment (admin)
import { apiRoute } from "@/server/http/api-route";
import { deleteAttachment } from "@/server/attachments/delete-attachment";
import type { MessageAnswer } from "@/lib/schemas/answer";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute({ access: "admin" }, async ({ params, principal }) => {
  await deleteAttachment({ principal, id: params.id });
  return { success: true, message: "Attachment deleted successfully" } satisfies MessageAnswer;
});
