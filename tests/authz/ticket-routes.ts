import type { AuthzRow } from "./types";

// Paths and bodies aim at tickets that do not exist (00999, a random uuid), so an admin or user
// who gets past authorization sees 404/200 and the matrix never depends on earlier rows. The
// generate rows do create tickets: that is their "ok".
const GHOST_TICKET = "00999";
const GHOST_ID = "6f1c1f40-8a55-4c1e-9d4e-2f0d7c1b0a99";
const BUYER = { buyer_name: "Matrix Buyer", phone_number: "09171234567", payment_method: "cash" };
const REGISTRATION = { buyerName: "Matrix Buyer", phoneNumber: "09171234567" };

export const ticketRoutes: AuthzRow[] = [
  { method: "GET", route: "/api/tickets", path: "/api/tickets?limit=10&offset=0", access: "admin" },
  { method: "POST", route: "/api/tickets/generate", body: BUYER, access: "user" },
  { method: "POST", route: "/api/tickets/mobile/generate", body: BUYER, access: "user" },
  {
    method: "POST",
    route: "/api/tickets/admin/generate-custom-range",
    body: { startRange: 90001, endRange: 90002, userId: "matrix-admin@example.com" },
    access: "admin",
  },
  {
    method: "GET",
    route: "/api/tickets/find-available-range/[n]",
    path: "/api/tickets/find-available-range/5",
    access: "admin",
  },
  { method: "GET", route: "/api/tickets/[id]", path: `/api/tickets/${GHOST_ID}`, access: "user" },
  { method: "PUT", route: "/api/tickets/[id]", path: `/api/tickets/${GHOST_ID}`, body: BUYER, access: "admin" },
  { method: "DELETE", route: "/api/tickets/[id]", path: `/api/tickets/${GHOST_ID}`, access: "admin" },
  { method: "GET", route: "/api/tickets/stats", access: "admin" },
  { method: "GET", route: "/api/tickets/count", access: "admin" },
  { method: "GET", route: "/api/tickets/used-digits", access: "admin" },
  {
    method: "GET",
    route: "/api/tickets/validate",
    path: `/api/tickets/validate?number=${GHOST_TICKET}`,
    access: "user",
  },
  {
    method: "GET",
    route: "/api/tickets/search",
    path: "/api/tickets/search?search=matrix&status=all",
    access: "admin",
  },
  { method: "GET", route: "/api/tickets/search/[term]", path: `/api/tickets/search/${GHOST_TICKET}`, access: "user" },
  {
    method: "PUT",
    route: "/api/tickets/register/[controlNumber]",
    path: `/api/tickets/register/${GHOST_TICKET}`,
    body: REGISTRATION,
    access: "user",
  },
  {
    method: "POST",
    route: "/api/tickets/register-multiple",
    body: { ...REGISTRATION, ticketIds: [GHOST_TICKET] },
    access: "user",
  },
  {
    method: "GET",
    route: "/api/tickets/unregistered",
    path: "/api/tickets/unregistered?limit=20&offset=0",
    access: "user",
  },
];
