// One contract per answer (issue 41, docs/decisions/260): health, sign-out and sessions, users'
// profiles and deletion, settings saved, backups' status, the audit log's filters and checkpoints,
// GCash reference clashes, and an unknown API path's error, parsed strictly with their lib/schemas/
// contracts.
// Not JSON: the audit log's CSV and the remittance receipt and report PDFs: checked by their media
// type and disposition instead.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as unknownPath from "@/app/api/[...path]/route";
import { DELETE, GET, PATCH, POST, PUT } from "@/app/api/[...path]/route";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { GET as verifyCheckpointRoute } from "@/app/api/audit/checkpoints/[id]/verify/route";
import { POST as checkpointRoute } from "@/app/api/audit/checkpoints/route";
import { GET as auditExportRoute } from "@/app/api/audit/export/route";
import { GET as auditFiltersRoute } from "@/app/api/audit/filters/route";
import { POST as googleSignInRoute } from "@/app/api/auth/google-signin/route";
import { DELETE as deleteUserRoute } from "@/app/api/auth/delete-user/route";
import { GET as profileByEmailRoute } from "@/app/api/auth/profile/[email]/route";
import { DELETE as endSessionRoute } from "@/app/api/auth/sessions/[id]/route";
import { POST as signOutRoute } from "@/app/api/auth/sign-out/route";
import { GET as latestBackupRoute } from "@/app/api/backups/latest/route";
import { GET as backupsRoute, POST as backUpNowRoute } from "@/app/api/backups/route";
import { GET as liveRoute } from "@/app/api/health/live/route";
import { GET as healthRoute } from "@/app/api/health/route";
import { GET as clashesRoute } from "@/app/api/payments/reference-clashes/route";
import { GET as verifyJsonRoute } from "@/app/api/public/verify/[token]/route";
import { GET as receiptRoute } from "@/app/api/remittances/[id]/receipt.pdf/route";
import { GET as reportRoute } from "@/app/api/remittances/report.pdf/route";
import { POST as remittanceRoute } from "@/app/api/remittances/route";
import { PUT as saveSettingsRoute } from "@/app/api/settings/route";
import { errorAnswerSchema, messageAnswerSchema } from "@/lib/schemas/answer";
import {
  auditCheckpointSavedSchema,
  auditCheckpointVerifiedSchema,
  auditFiltersAnswerSchema,
} from "@/lib/schemas/audit";
import { backupsAnswerSchema } from "@/lib/schemas/backup";
import { healthReportSchema, liveReportSchema } from "@/lib/schemas/health";
import { referenceClashesAnswerSchema } from "@/lib/schemas/payment";
import { settingsSavedSchema } from "@/lib/schemas/settings";
import { verifyResponseSchema } from "@/lib/schemas/stubs";
import { verifyKeys } from "@/server/stubs/verify-keys";
import { makeVerifyToken } from "@/server/stubs/verify-token";
import { googleSignedInSchema, profileByEmailAnswerSchema } from "@/lib/schemas/user";
import { startLocalIssuer } from "@/tests/helpers/oidc-issuer";
import { createSession } from "@/server/auth/sessions";
import { db } from "@/server/db/client";
import { resetEnvCache } from "@/server/env";
import { expectContract, expectDownload, expectRedirect } from "@/tests/helpers/contracts";
import {
  createSellerWithAllocation,
  createSignedInUser,
  createTickets,
  freshAdminAndStaff,
  sellTicket,
} from "@/tests/helpers/factories";
import { callRoute, TEST_ORIGIN } from "@/tests/helpers/http";
import { NextRequest } from "next/server";
import { callBinary } from "@/tests/helpers/upload";

const users = freshAdminAndStaff();

describe("the remaining answers parse with their lib/schemas/ contract, strictly", () => {
  it("GET /api/health and /api/health/live", async () => {
    const health = await callRoute(healthRoute, { path: "/api/health" });
    expect(health.status).toBe(200);
    expectContract(healthReportSchema, health.json);
    const live = await callRoute(liveRoute, { path: "/api/health/live" });
    expect(live.status).toBe(200);
    expectContract(liveReportSchema, live.json);
  });

  it("sessions: end another of one's own, sign out; a profile by e-mail; delete a user", async () => {
    const other = await createSession({ userId: users.staff.user.id, kind: "bearer" });
    const ended = await callRoute(endSessionRoute, {
      method: "DELETE",
      path: `/api/auth/sessions/${other.sessionId}`,
      params: { id: other.sessionId },
      token: users.staff.token,
    });
    expect(ended.status, JSON.stringify(ended.json)).toBe(200);
    expectContract(messageAnswerSchema, ended.json);
    const profile = await callRoute(profileByEmailRoute, {
      path: `/api/auth/profile/${users.staff.user.email}`,
      params: { email: users.staff.user.email },
      token: users.admin.token,
    });
    expect(profile.status, JSON.stringify(profile.json)).toBe(200);
    expect(profile.json.user.is_disabled).toBe(false);
    expectContract(profileByEmailAnswerSchema, profile.json);
    const signedOut = await callRoute(signOutRoute, {
      method: "POST",
      path: "/api/auth/sign-out",
      token: users.staff.token,
    });
    expect(signedOut.status, JSON.stringify(signedOut.json)).toBe(200);
    expectContract(messageAnswerSchema, signedOut.json);
    const leaving = await createSignedInUser({ email: "leaving@example.com" });
    const deleted = await callRoute(deleteUserRoute, {
      method: "DELETE",
      path: "/api/auth/delete-user",
      body: { email: leaving.user.email },
      token: users.admin.token,
    });
    expect(deleted.status, JSON.stringify(deleted.json)).toBe(200);
    expectContract(messageAnswerSchema, deleted.json);
  });

  it("GET /api/public/verify/{token}: a sold ticket as its buyer's phone sees it", async () => {
    const [ticket] = await createTickets(users.admin, 1, 1);
    await sellTicket(users.staff, ticket.control_number, { buyerName: "Juan Dela Cruz" });
    const token = makeVerifyToken((await verifyKeys())["1"], { ticketNumber: ticket.ticket_number, qrVersion: 1 });
    const verified = await callRoute(verifyJsonRoute, { path: `/api/public/verify/${token}`, params: { token } });
    expect(verified.status, JSON.stringify(verified.json)).toBe(200);
    expect(verified.json.ticket.maskedName).not.toBeNull();
    expectContract(verifyResponseSchema, verified.json);
  });

  it("POST /api/auth/google-signin with an ID token from the local OIDC issuer", async () => {
    const issuer = await startLocalIssuer();
    try {
      const res = await callRoute(googleSignInRoute, {
        method: "POST",
        path: "/api/auth/google-signin",
        body: { idToken: await issuer.idToken({ email: users.staff.user.email }) },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expectContract(googleSignedInSchema, res.json);
    } finally {
      await issuer.stop();
    }
  });

  it("PUT /api/settings with a notice, and GET /api/backups", async () => {
    const saved = await callRoute(saveSettingsRoute, {
      method: "PUT",
      path: "/api/settings",
      body: { max_ticket_limit: 100000 },
      token: users.admin.token,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.notices.length).toBeGreaterThan(0);
    expectContract(settingsSavedSchema, saved.json);
    const backups = await callRoute(backupsRoute, { path: "/api/backups", token: users.admin.token });
    expect(backups.status, JSON.stringify(backups.json)).toBe(200);
    expectContract(backupsAnswerSchema, backups.json);
  });

  it("POST /api/backups (Back up now), GET /api/backups with the file, and GET /api/backups/latest", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "contract-backups-"));
    const before = process.env.BACKUP_DIR;
    process.env.BACKUP_DIR = dir;
    resetEnvCache();
    try {
      const taken = await callRoute(backUpNowRoute, { method: "POST", path: "/api/backups", token: users.admin.token });
      expect(taken.status, JSON.stringify(taken.json)).toBe(200);
      // The backup-file part of the schema is exercised, not only `latest: null`.
      expect(taken.json.backups.latest).not.toBeNull();
      expectContract(backupsAnswerSchema, taken.json);
      const status = await callRoute(backupsRoute, { path: "/api/backups", token: users.admin.token });
      expect(status.json.backups.latest.name).toBe(taken.json.backups.latest.name);
      expectContract(backupsAnswerSchema, status.json);
      const file = await callBinary(latestBackupRoute, {
        path: "/api/backups/latest",
        params: {},
        token: users.admin.token,
      });
      expect(file.status).toBe(200);
      expectDownload(file.headers, "application/gzip", /^raffle-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/);
      expect(file.bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      expect(Number(file.headers.get("content-length"))).toBe(file.bytes.length);
    } finally {
      if (before === undefined) delete process.env.BACKUP_DIR;
      else process.env.BACKUP_DIR = before;
      resetEnvCache();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(
    "the audit log's filters, a checkpoint and its verification; GCash reference clashes; an " + "unknown path",
    async () => {
      const tickets = await createTickets(users.admin, 1, 2);
      const first = await sellTicket(users.staff, tickets[0].control_number, {
        method: "gcash",
        reference: "1001543610110",
      });
      const second = await sellTicket(users.staff, tickets[1].control_number, {
        method: "gcash",
        reference: "1001543610111",
      });
      const filters = await callRoute(auditFiltersRoute, { path: "/api/audit/filters", token: users.admin.token });
      expect(filters.status).toBe(200);
      expect(filters.json.actions.length).toBeGreaterThan(0);
      expectContract(auditFiltersAnswerSchema, filters.json);
      const checkpoint = await callRoute(checkpointRoute, {
        method: "POST",
        path: "/api/audit/checkpoints",
        token: users.admin.token,
      });
      expect(checkpoint.status, JSON.stringify(checkpoint.json)).toBe(201);
      expectContract(auditCheckpointSavedSchema, checkpoint.json);
      const id = String(checkpoint.json.id);
      const verified = await callRoute(verifyCheckpointRoute, {
        path: `/api/audit/checkpoints/${id}/verify`,
        params: { id },
        token: users.admin.token,
      });
      expect(verified.status, JSON.stringify(verified.json)).toBe(200);
      expect(verified.json.ok).toBe(true);
      expectContract(auditCheckpointVerifiedSchema, verified.json);
      // What the migration of decision 050 marks: the second payment's reference is the first's.
      await db().$executeRaw`
      UPDATE payments SET reference_clash = true, gcash_reference_key = NULL,
        reference_normalized = (SELECT gcash_reference_key FROM payments WHERE id = ${first.payment_id}::uuid)
      WHERE id = ${second.payment_id}::uuid`;
      const clashes = await callRoute(clashesRoute, {
        path: "/api/payments/reference-clashes",
        token: users.admin.token,
      });
      expect(clashes.status, JSON.stringify(clashes.json)).toBe(200);
      expect(clashes.json.clashes).toHaveLength(1);
      expect(clashes.json.clashes[0].heldBy).not.toBeNull();
      expectContract(referenceClashesAnswerSchema, clashes.json);
      for (const [method, handler] of Object.entries({ DELETE, GET, PATCH, POST, PUT })) {
        expect(handler).toBe(unknownPath[method as keyof typeof unknownPath]);
        const unknown = await callRoute(handler, {
          method,
          path: "/api/no/such/route",
          params: { path: ["no", "such", "route"] },
          token: users.staff.token,
        });
        expect(unknown.status).toBe(404);
        expectContract(errorAnswerSchema, unknown.json);
      }
    },
  );
});

describe("the remaining files and redirects (not JSON)", () => {
  it("Auth.js's routes: the browser sign-in and sign-out steps redirect", async () => {
    const signIn = await authGet(new NextRequest(new URL("/api/auth/signin", TEST_ORIGIN)));
    expect(signIn.status, await signIn.clone().text()).not.toBe(400);
    expectRedirect(signIn, /\/login|\/api\/auth\/signin/);
    const signOut = await authPost(
      new NextRequest(new URL("/api/auth/signout", TEST_ORIGIN), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", host: "localhost:3000" },
        body: "csrfToken=nope",
      }),
    );
    expectRedirect(signOut, /./);
  });

  it("the audit log's CSV, a remittance receipt and the remittance report", async () => {
    await createTickets(users.admin, 1, 2);
    const seller = await createSellerWithAllocation(users.admin, { from: 1, to: 2 });
    const kept = await callRoute(remittanceRoute, {
      method: "POST",
      path: "/api/remittances",
      body: { sellerId: seller.user.id, amount: "50.00" },
      token: users.admin.token,
    });
    expect(kept.status, JSON.stringify(kept.json)).toBe(201);
    const audit = await callBinary(auditExportRoute, {
      path: "/api/audit/export",
      params: {},
      token: users.admin.token,
    });
    expect(audit.status).toBe(200);
    expectDownload(audit.headers, "text/csv; charset=utf-8", /\.csv$/);
    const id = kept.json.remittance.id as string;
    const receipt = await callBinary(receiptRoute, {
      path: `/api/remittances/${id}/receipt.pdf`,
      params: { id },
      token: users.admin.token,
    });
    expect(receipt.status).toBe(200);
    expectDownload(receipt.headers, "application/pdf", /\.pdf$/);
    const report = await callBinary(reportRoute, {
      path: "/api/remittances/report.pdf",
      params: {},
      token: users.admin.token,
    });
    expect(report.status).toBe(200);
    expectDownload(report.headers, "application/pdf", /\.pdf$/);
  });
});
