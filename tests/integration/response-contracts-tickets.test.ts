// One contract per answer (issue 41, docs/decisions/260): the ticket tools' answers (generate, custom
// range, register several, validate, used and free numbers, creators, e-mail, delete, the CSV
// import's JSON answer) and attachments, parsed strictly with their lib/schemas/ contracts.
// Not JSON: the tickets' CSV export, the voided tickets' CSV, an attachment's file: checked by their
// media type and disposition instead.
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { GET as attachmentsRoute, POST as uploadRoute } from "@/app/api/tickets/[id]/attachments/route";
import { DELETE as deleteTicketRoute } from "@/app/api/tickets/[id]/route";
import { POST as customRangeRoute } from "@/app/api/tickets/admin/generate-custom-range/route";
import { GET as downloadRoute } from "@/app/api/tickets/attachment/[id]/download/route";
import { DELETE as deleteAttachmentRoute } from "@/app/api/tickets/attachment/[id]/route";
import { GET as creatorsRoute } from "@/app/api/tickets/creators/route";
import { GET as exportRoute } from "@/app/api/tickets/export-all/route";
import { GET as freeRangeRoute } from "@/app/api/tickets/find-available-range/[n]/route";
import { POST as generateRoute } from "@/app/api/tickets/generate/route";
import { POST as importRoute } from "@/app/api/tickets/import/route";
import { POST as mobileGenerateRoute } from "@/app/api/tickets/mobile/generate/route";
import { POST as registerMultipleRoute } from "@/app/api/tickets/register-multiple/route";
import { POST as sendEmailRoute } from "@/app/api/tickets/send-email/route";
import { GET as usedDigitsRoute } from "@/app/api/tickets/used-digits/route";
import { GET as validateRoute } from "@/app/api/tickets/validate/route";
import { GET as voidedExportRoute } from "@/app/api/tickets/voided/export/route";
import { messageAnswerSchema } from "@/lib/schemas/answer";
import { attachmentSavedSchema, attachmentsAnswerSchema } from "@/lib/schemas/attachment";
import { importResultSchema } from "@/lib/schemas/ticket-import";
import {
  availableRangeSchema,
  customRangeResultSchema,
  registerMultipleResultSchema,
  ticketCreatorsAnswerSchema,
  ticketEmailedSchema,
  ticketsGeneratedSchema,
  ticketValidationSchema,
  usedDigitsSchema,
} from "@/lib/schemas/ticket-response";
import { expectContract, expectDownload } from "@/tests/helpers/contracts";
import { createTickets, freshAdminAndStaff, sellTicket, voidTicket } from "@/tests/helpers/factories";
import { callRoute, TEST_ORIGIN } from "@/tests/helpers/http";
import { callBinary, SAMPLE_FILES, uploadFile } from "@/tests/helpers/upload";

const users = freshAdminAndStaff();

const BUYER = {
  buyer_name: "Juan Dela Cruz",
  phone_number: "09171234567",
  email: "juan@example.com",
  payment_method: "cash",
};
const post = (handler: Parameters<typeof callRoute>[0], path: string, body: unknown, token = users.staff.token) =>
  callRoute(handler, { method: "POST", path, body, token });

describe("the ticket tools' answers parse with their lib/schemas/ contract, strictly", () => {
  it(
    "generate one and several (web and mobile), a custom range with taken numbers skipped, and register " + "several",
    async () => {
      const one = await post(generateRoute, "/api/tickets/generate", BUYER);
      expect(one.status, JSON.stringify(one.json)).toBe(201);
      expect(one.json.ticket.payment).not.toBeNull();
      expectContract(ticketsGeneratedSchema, one.json);
      const several = await post(mobileGenerateRoute, "/api/tickets/mobile/generate", { ...BUYER, quantity: 2 });
      expect(several.status, JSON.stringify(several.json)).toBe(201);
      expect(several.json.tickets).toHaveLength(2);
      expectContract(ticketsGeneratedSchema, several.json);
      const taken = several.json.tickets[0].ticket_number as number;
      const range = await post(
        customRangeRoute,
        "/api/tickets/admin/generate-custom-range",
        { startRange: taken, endRange: taken + 5, userId: "admin@example.com" },
        users.admin.token,
      );
      expect(range.status, JSON.stringify(range.json)).toBe(201);
      expect(range.json.skipped.length).toBeGreaterThan(0);
      expectContract(customRangeResultSchema, range.json);
      const free = range.json.tickets.slice(0, 2).map((t: { control_number: string }) => t.control_number);
      const registered = await post(registerMultipleRoute, "/api/tickets/register-multiple", {
        ticketIds: [...free, "B2K-999-99999"],
        buyerName: "Maria Clara",
        phoneNumber: "09181234567",
        paymentMethod: "cash",
      });
      expect(registered.status, JSON.stringify(registered.json)).toBe(200);
      expect(registered.json.registeredTickets).toHaveLength(2);
      expect(registered.json.errors.length).toBeGreaterThan(0);
      expectContract(registerMultipleResultSchema, registered.json);
    },
  );

  it(
    "validate (a sold ticket, a free number, a taken number under another control number, nonsense), " +
      "used and free numbers",
    async () => {
      const tickets = await createTickets(users.admin, 1, 3);
      await sellTicket(users.staff, tickets[0].control_number, { buyerName: "Jose Rizal" });
      const validate = (query: string) =>
        callRoute(validateRoute, { path: `/api/tickets/validate?${query}`, token: users.staff.token });
      const answers = [
        await validate(`controlNumber=${tickets[0].control_number}`),
        await validate("number=00042"),
        await validate(`controlNumber=${tickets[1].control_number.replace(/-\d{3}-/, "-000-")}`),
        await validate("controlNumber=not-a-ticket"),
      ];
      expect(answers.map((a) => [a.status, a.json.exists, a.json.available])).toEqual([
        [200, true, false],
        [200, false, true],
        [200, false, false],
        [200, false, false],
      ]);
      expect(answers[0].json.buyer_name).toBe("Jose Rizal");
      for (const answer of answers) expectContract(ticketValidationSchema, answer.json);
      const used = await callRoute(usedDigitsRoute, { path: "/api/tickets/used-digits", token: users.admin.token });
      expect(used.status).toBe(200);
      expect(used.json.ranges).toEqual([[1, 3]]);
      expectContract(usedDigitsSchema, used.json);
      const free = await callRoute(freeRangeRoute, {
        path: "/api/tickets/find-available-range/5",
        params: { n: "5" },
        token: users.admin.token,
      });
      expect(free.status).toBe(200);
      expectContract(availableRangeSchema, free.json);
    },
  );

  it("creators, e-mail a ticket, delete a ticket, and the CSV import's JSON answer", async () => {
    const tickets = await createTickets(users.admin, 1, 2);
    await sellTicket(users.staff, tickets[0].control_number);
    const creators = await callRoute(creatorsRoute, { path: "/api/tickets/creators", token: users.admin.token });
    expect(creators.status).toBe(200);
    expect(creators.json.creators.length).toBeGreaterThan(0);
    expectContract(ticketCreatorsAnswerSchema, creators.json);
    // Administrators may send to any address (the sold ticket has no e-mail of its own).
    const emailed = await post(
      sendEmailRoute,
      "/api/tickets/send-email",
      {
        to: "juan@example.com",
        subject: "Your Batch 2000 Raffle Ticket",
        ticket: { control_number: tickets[0].control_number },
      },
      users.admin.token,
    );
    expect(emailed.status, JSON.stringify(emailed.json)).toBe(200);
    expectContract(ticketEmailedSchema, emailed.json);
    const deleted = await callRoute(deleteTicketRoute, {
      method: "DELETE",
      path: `/api/tickets/${tickets[1].id}`,
      params: { id: tickets[1].id },
      token: users.admin.token,
    });
    expect(deleted.status, JSON.stringify(deleted.json)).toBe(200);
    expectContract(messageAnswerSchema, deleted.json);
    const imported = await post(
      importRoute,
      "/api/tickets/import",
      { csvData: "Last 5 Digits\r\n10\r\nabc\r\n", importedBy: "admin@example.com" },
      users.admin.token,
    );
    expect(imported.status, JSON.stringify(imported.json)).toBe(200);
    expect(imported.json.imported).toBe(1);
    expect(imported.json.errors.length).toBeGreaterThan(0);
    expectContract(importResultSchema, imported.json);
  });

  it("attachments: upload, list, delete", async () => {
    const [ticket] = await createTickets(users.admin, 1, 1);
    await sellTicket(users.staff, ticket.control_number);
    const file = { bytes: SAMPLE_FILES.png, name: "receipt.png", type: "image/png" };
    const uploaded = await uploadFile(uploadRoute, {
      ticketRef: ticket.control_number,
      token: users.staff.token,
      file,
    });
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201);
    expectContract(attachmentSavedSchema, uploaded.json);
    const list = await callRoute(attachmentsRoute, {
      path: `/api/tickets/${ticket.control_number}/attachments`,
      params: { id: ticket.control_number },
      token: users.staff.token,
    });
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(1);
    expectContract(attachmentsAnswerSchema, list.json);
    const id = uploaded.json.attachment.id as string;
    const removed = await callRoute(deleteAttachmentRoute, {
      method: "DELETE",
      path: `/api/tickets/attachment/${id}`,
      params: { id },
      token: users.admin.token,
    });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expectContract(messageAnswerSchema, removed.json);
  });
});

describe("the tickets' files (not JSON): media type and disposition", () => {
  it("the CSV export, the voided tickets' CSV and an attachment's file", async () => {
    const tickets = await createTickets(users.admin, 1, 2);
    await sellTicket(users.staff, tickets[0].control_number);
    await voidTicket(users.admin, tickets[1].id);
    const exported = await exportRoute(
      new NextRequest(new URL("/api/tickets/export-all", TEST_ORIGIN), {
        headers: { authorization: `Bearer ${users.admin.token}`, host: "localhost:3000" },
      }),
      { params: Promise.resolve({}) },
    );
    expect(exported.status).toBe(200);
    expectDownload(exported.headers, "text/csv; charset=utf-8", /\.csv$/);
    await exported.arrayBuffer();
    const voided = await callBinary(voidedExportRoute, {
      path: "/api/tickets/voided/export",
      params: {},
      token: users.admin.token,
    });
    expect(voided.status).toBe(200);
    expectDownload(voided.headers, "text/csv; charset=utf-8", /\.csv$/);
    const file = { bytes: SAMPLE_FILES.png, name: "receipt.png", type: "image/png" };
    const uploaded = await uploadFile(uploadRoute, {
      ticketRef: tickets[0].control_number,
      token: users.staff.token,
      file,
    });
    const id = uploaded.json.attachment.id as string;
    const download = await callBinary(downloadRoute, {
      path: `/api/tickets/attachment/${id}/download`,
      params: { id },
      token: users.staff.token,
    });
    expect(download.status).toBe(200);
    expectDownload(download.headers, "image/png", /^receipt\.png$/);
  });
});
