// GET /api/tickets/attachment/{id}/download - an attachment's bytes as a download (signed-in users who may see its
// ticket's contacts)
import { apiRoute } from "@/server/http/api-route";
import { contentDisposition, withTypeExtension } from "@/server/attachments/file-name";
import { extensionForMime } from "@/server/attachments/file-type";
import { readAttachment } from "@/server/attachments/read-attachment";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "user" }, async ({ params, principal }) => {
  const file = await readAttachment({ principal, id: params.id });
  // Files stored before issue 25 kept the user's extension: served with their type's.
  const ext = extensionForMime(file.contentType);
  const name = ext ? withTypeExtension(file.fileName, ext) : file.fileName;
  return new Response(new Uint8Array(file.data), {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.data.byteLength),
      "content-disposition": contentDisposition(name),
      "x-content-type-options": "nosniff",
      // Opened directly, the file still runs nothing and reaches nothing.
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, no-store",
    },
  });
});
