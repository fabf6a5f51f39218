// Test data (issue 41: one module of factories). Users and sessions straight into the tables;
// tickets, sales, voids and allocations through the routes a person's screen calls, so they carry
// everything the real path writes (payments, audit rows, the statistics triggers' rollups). Bulk
// shapes for the draw and statistics suites are re-exported from their own helpers; draws are
// committed and revealed, and statements imported, through their routes too.
import { beforeEach, expect } from "vitest";
import { randomBytes } from "node:crypto";
import type { GcashStatementRow } from "@/lib/gcash-statement-pdf";
import type { Ticket } from "@/lib/api/tickets";
import { createSession } from "@/server/auth/sessions";
import { db } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";
import { callRoute } from "@/tests/helpers/http";

import { createSoldTickets } from "@/tests/helpers/sold-tickets";
import type { uploadStatement as UploadStatement } from "@/tests/helpers/statement-upload";

export { createSoldTickets };
export { placeTickets, type PlacedTicket } from "@/tests/helpers/placed-tickets";

/**
 * The routes (and the PDF writer) the factories call, each imported the first time a factory
 * needs it. Every integration file imports this module, and most make only users and tickets:
 * importing the draw's, the reconciliation's and the PDF's modules up front was about 0.3 s of
 * each file's start (the PostgreSQL pass's imports: 54 → 23 s over 93 files; docs/testing.md).
 */
const routes = {
  customRange: async () => (await import("@/app/api/tickets/admin/generate-custom-range/route")).POST,
  register: async () => (await import("@/app/api/tickets/register/[controlNumber]/route")).PUT,
  void: async () => (await import("@/app/api/tickets/[id]/void/route")).POST,
  allocations: async () => (await import("@/app/api/sellers/[id]/allocations/route")).POST,
  commitDraw: async () => (await import("@/app/api/draws/route")).POST,
  revealDraw: async () => (await import("@/app/api/draws/[id]/reveal/route")).POST,
  prizes: async () => (await import("@/app/api/prizes/route")).POST,
  closeSales: async () => (await import("@/app/api/raffle/close-sales/route")).POST,
};

/** POST /api/reconciliation/imports as a browser sends it (tests/helpers/statement-upload.ts). */
export async function uploadStatement(...args: Parameters<typeof UploadStatement>) {
  return (await import("@/tests/helpers/statement-upload")).uploadStatement(...args);
}

let counter = 0;

export async function createUser(
  overrides: { email?: string; isAdmin?: boolean; isDisabled?: boolean; displayName?: string } = {},
) {
  counter += 1;
  return db().user.create({
    data: {
      email: overrides.email ?? `user${counter}-${randomBytes(3).toString("hex")}@example.com`,
      displayName: overrides.displayName ?? `Test User ${counter}`,
      isAdmin: overrides.isAdmin ?? false,
      isDisabled: overrides.isDisabled ?? false,
    },
  });
}

/** A user with a live bearer token, as the mobile app would hold. */
export async function createSignedInUser(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides);
  const { token, sessionId } = await createSession({ userId: user.id, kind: "bearer" });
  return { user, token: token!, sessionId };
}

/** The two callers the ticket suites use: Ada, an administrator, and Sam, a staff user. */
export async function createAdminAndStaff() {
  const admin = await createSignedInUser({ isAdmin: true, email: "admin@example.com", displayName: "Ada Admin" });
  const staff = await createSignedInUser({ email: "staff@example.com", displayName: "Sam Staff" });
  return { admin, staff };
}

/**
 * For a suite whose every test starts from an empty database with an administrator and a staff
 * member signed in: registers the beforeEach and answers the object it fills (`users.admin`).
 */
export function freshAdminAndStaff() {
  const users = {} as Awaited<ReturnType<typeof createAdminAndStaff>>;
  beforeEach(async () => {
    await resetDb();
    Object.assign(users, await createAdminAndStaff());
  });
  return users;
}

type Caller = { token: string };

/** Unsold tickets numbered from..to, made the way an administrator makes them (Custom Range). */
export async function createTickets(
  admin: Caller,
  from: number,
  to: number,
  options: { userId?: string } = {},
): Promise<Ticket[]> {
  const res = await callRoute(await routes.customRange(), {
    method: "POST",
    path: "/api/tickets/admin/generate-custom-range",
    token: admin.token,
    body: { startRange: from, endRange: to, userId: options.userId ?? "admin@example.com" },
  });
  expect(res.status).toBe(201);
  return res.json.tickets;
}

/** One ticket sold by `seller` (Register), paid by `method`: a GCash or bank sale carries its reference. */
export async function sellTicket(
  seller: Caller,
  ref: string,
  options: {
    method?: "cash" | "gcash" | "bank_transfer";
    reference?: string;
    buyerName?: string;
    phoneNumber?: string;
  } = {},
): Promise<Ticket> {
  const method = options.method ?? "cash";
  const body = {
    buyerName: options.buyerName ?? "Maria Clara",
    phoneNumber: options.phoneNumber ?? "09171234567",
    paymentMethod: method,
    ...(method === "cash"
      ? {}
      : { paymentReference: options.reference ?? `${method === "gcash" ? "" : "BDO-"}${1000000000000 + ++counter}` }),
  };
  const res = await callRoute(await routes.register(), {
    method: "PUT",
    path: `/api/tickets/register/${encodeURIComponent(ref)}`,
    params: { controlNumber: ref },
    body,
    token: seller.token,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.ticket;
}

/** A ticket voided by an administrator (decision 051). */
export async function voidTicket(
  admin: Caller,
  id: string,
  options: { reason?: string; note?: string } = {},
): Promise<Ticket> {
  const res = await callRoute(await routes.void(), {
    method: "POST",
    path: `/api/tickets/${id}/void`,
    params: { id },
    body: { reason: options.reason ?? "lost_stub", note: options.note },
    token: admin.token,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.ticket;
}

/** A signed-in seller holding the stubs from..to (Remittances' Allocate). */
export async function createSellerWithAllocation(
  admin: Caller,
  range: { from: number; to: number },
  user: Parameters<typeof createUser>[0] = {},
) {
  const seller = await createSignedInUser(user);
  const res = await callRoute(await routes.allocations(), {
    method: "POST",
    path: `/api/sellers/${seller.user.id}/allocations`,
    params: { id: seller.user.id },
    body: range,
    token: admin.token,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { ...seller, allocation: res.json.allocation };
}

/** The dice outside value the draw suites type (20 throws, matching `{ type: "dice", count: 20 }`). */
export const DRAW_DICE = "35126443526115623416";

type PrizeInput = { rank: number; name: string; valuePhp: number | string; backups: number };

/**
 * A committed draw, made the way an administrator makes one: `soldTickets` sold tickets (the pool),
 * the prizes added, sales closed with no overrides, and the draw committed on 20 dice throws.
 * Answers the draw's id.
 */
export async function commitDraw(
  admin: Caller,
  options: { soldTickets?: number; prizes?: PrizeInput[] } = {},
): Promise<string> {
  if (options.soldTickets) await createSoldTickets(options.soldTickets);
  for (const prize of options.prizes ?? [{ rank: 1, name: "Motorcycle", valuePhp: 80000, backups: 0 }]) {
    const res = await callRoute(await routes.prizes(), {
      method: "POST",
      path: "/api/prizes",
      body: prize,
      token: admin.token,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
  }
  const closed = await callRoute(await routes.closeSales(), {
    method: "POST",
    path: "/api/raffle/close-sales",
    body: { overrides: [] },
    token: admin.token,
  });
  expect(closed.status, JSON.stringify(closed.json)).toBe(200);
  const res = await callRoute(await routes.commitDraw(), {
    method: "POST",
    path: "/api/draws",
    body: { source: { type: "dice", count: 20 } },
    token: admin.token,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as string;
}

/** The committed draw revealed before witnesses with the dice value (decision 127's outside value). */
export async function revealDraw(
  admin: Caller,
  id: string,
  options: { outsideValue?: string; witnesses?: string[] } = {},
) {
  const outsideValue = options.outsideValue ?? DRAW_DICE;
  const res = await callRoute(await routes.revealDraw(), {
    method: "POST",
    path: `/api/draws/${id}/reveal`,
    params: { id },
    body: { outsideValue, outsideValueConfirm: outsideValue, witnesses: options.witnesses ?? ["Pedro Penduko"] },
    token: admin.token,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
}

/**
 * A GCash statement imported by an administrator (Reconciliation's Import): the PDF made from `rows`
 * by the generator the sample download uses, uploaded and read (201). Answers the import's answer.
 */
export async function importGcashStatement(
  admin: Caller,
  rows: GcashStatementRow[],
  options: { fileName?: string; from?: string; to?: string } = {},
) {
  const { gcashStatementPdf } = await import("@/lib/gcash-statement-pdf");
  const bytes = await gcashStatementPdf({ rows, from: options.from, to: options.to });
  const res = await uploadStatement({
    token: admin.token,
    bytes,
    fileName: options.fileName ?? "gcash.pdf",
    kind: "gcash_pdf",
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}
