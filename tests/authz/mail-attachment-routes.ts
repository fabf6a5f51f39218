import type { AuthzRow } from "./types";

// Issue 10 (e-mail and attachments). Paths name a ticket and an attachment that do not exist:
// a caller past authorization gets 404, never a change. The upload row sends JSON, which the
// route refuses with 400 after authorization.
const GHOST_ID = "6f1c1f40-8a55-4c1e-9d4e-2f0d7c1b0a99";

export const mailAttachmentRoutes: AuthzRow[] = [
  {
    method: "POST",
    route: "/api/tickets/send-email",
    body: { to: "buyer@example.com", ticket: { control_number: "B2K-000-00999" } },
    access: "user",
  },
  {
    method: "GET",
    route: "/api/tickets/[id]/attachments",
    path: `/api/tickets/${GHOST_ID}/attachments`,
    access: "user",
  },
  {
    method: "POST",
    route: "/api/tickets/[id]/attachments",
    path: `/api/tickets/${GHOST_ID}/attachments`,
    body: {},
    access: "user",
  },
  {
    method: "GET",
    route: "/api/tickets/attachment/[id]/download",
    path: `/api/tickets/attachment/${GHOST_ID}/download`,
    access: "user",
  },
  {
    method: "DELETE",
    route: "/api/tickets/attachment/[id]",
    path: `/api/tickets/attachment/${GHOST_ID}`,
    access: "admin",
  },
];
