// POST /api/tickets/{id}/qr/replace - give the ticket a new verify code; earlier stubs stop verifying (admin)
import { type QrReplaced, replaceQrSchema } from "@/lib/schemas/stubs";
import { apiRoute } from "@/server/http/api-route";
import { replaceTicketQr } from "@/server/stubs/replace-ticket-qr";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", body: replaceQrSchema }, async ({ params, body, principal }) => {
  const ticket = await replaceTicketQr({ ref: params.id, reason: body.reason, principal });
  return {
    success: true,
    message: `The verify code of ${ticket.controlNumber} was replaced: print its stub again`,
    ticket,
  } satisfies QrReplaced;
});
