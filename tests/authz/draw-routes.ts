import type { AuthzRow } from "./types";

// The draw (issue 23). Paths aim at a draw and a prize that do not exist, so a caller who gets past
// authorization sees 404 (or 409 for Close sales / commit in a state that refuses them).
const GHOST = "6f1c1f40-8a55-4c1e-9d4e-2f0d7c1b0a98";
const prize = { rank: 1, name: "Motorcycle", valuePhp: 80000 };

export const drawRoutes: AuthzRow[] = [
  { method: "GET", route: "/api/prizes", access: "user" },
  { method: "POST", route: "/api/prizes", body: prize, access: "admin" },
  { method: "PUT", route: "/api/prizes/[id]", path: `/api/prizes/${GHOST}`, body: prize, access: "admin" },
  { method: "DELETE", route: "/api/prizes/[id]", path: `/api/prizes/${GHOST}`, access: "admin" },
  { method: "GET", route: "/api/raffle/state", access: "user" },
  { method: "POST", route: "/api/raffle/close-sales", body: { overrides: [] }, access: "admin" },
  { method: "GET", route: "/api/draws", access: "admin" },
  { method: "POST", route: "/api/draws", body: { source: { type: "dice", count: 20 } }, access: "admin" },
  { method: "GET", route: "/api/draws/[id]", path: `/api/draws/${GHOST}`, access: "admin" },
  {
    method: "POST",
    route: "/api/draws/[id]/reveal",
    path: `/api/draws/${GHOST}/reveal`,
    body: { outsideValue: "1", witnesses: ["A"] },
    access: "admin",
  },
  {
    method: "POST",
    route: "/api/draws/[id]/drum-pick",
    path: `/api/draws/${GHOST}/drum-pick`,
    body: { controlNumber: "B2K-123-00001", witnesses: ["A"] },
    access: "admin",
  },
  {
    method: "POST",
    route: "/api/draws/[id]/positions/[n]/evidence",
    path: `/api/draws/${GHOST}/positions/1/evidence`,
    access: "admin",
  },
  {
    method: "GET",
    route: "/api/draws/[id]/evidence/[evidenceId]",
    path: `/api/draws/${GHOST}/evidence/${GHOST}`,
    access: "admin",
  },
  { method: "POST", route: "/api/draws/[id]/publish", path: `/api/draws/${GHOST}/publish`, access: "admin" },
  {
    method: "POST",
    route: "/api/draws/[id]/positions/[n]/[action]",
    path: `/api/draws/${GHOST}/positions/1/notify`,
    body: {},
    access: "admin",
  },
  {
    method: "GET",
    route: "/api/draws/[id]/certificate.json",
    path: `/api/draws/${GHOST}/certificate.json`,
    access: "admin",
  },
  {
    method: "GET",
    route: "/api/draws/[id]/commitment.pdf",
    path: `/api/draws/${GHOST}/commitment.pdf`,
    access: "admin",
  },
  {
    method: "GET",
    route: "/api/draws/[id]/certificate.pdf",
    path: `/api/draws/${GHOST}/certificate.pdf`,
    access: "admin",
  },
  { method: "GET", route: "/api/draws/winners.json", access: "admin" },
  { method: "GET", route: "/api/draws/winners.csv", access: "admin" },
  { method: "GET", route: "/api/public/winners.json", access: "public" },
  { method: "GET", route: "/api/public/winners.csv", access: "public" },
  { method: "GET", route: "/api/public/draw-check.mjs", access: "public" },
  { method: "GET", route: "/api/public/draws/[id]", path: `/api/public/draws/${GHOST}`, access: "public" },
  {
    method: "GET",
    route: "/api/public/draws/[id]/pool.csv",
    path: `/api/public/draws/${GHOST}/pool.csv`,
    access: "public",
  },
  {
    method: "GET",
    route: "/api/public/draws/[id]/certificate.json",
    path: `/api/public/draws/${GHOST}/certificate.json`,
    access: "public",
  },
  { method: "GET", route: "/api/public/verify-draw.mjs", access: "public" },
];

// Close-out (issue 24). On a raffle that is selling, Close answers 409 with its blocking list, Reopen
// and Purge 409 (not closed); the screen's read is for administrators.
export const closeoutRoutes: AuthzRow[] = [
  { method: "GET", route: "/api/raffle/closeout", access: "admin" },
  { method: "POST", route: "/api/raffle/close", body: { confirm: "CLOSE" }, access: "admin" },
  { method: "POST", route: "/api/raffle/reopen", body: { reason: "A late refund to record" }, access: "admin" },
  { method: "POST", route: "/api/raffle/purge", body: { confirm: "PURGE" }, access: "admin" },
];
export const archiveRoutes: AuthzRow[] = [{ method: "POST", route: "/api/raffle/archive.zip", access: "admin" }];
