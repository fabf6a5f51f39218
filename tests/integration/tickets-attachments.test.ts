// Proof-of-payment attachments: upload (multipart), list, download, delete, on a real database.
import { beforeEach, describe, expect, it } from "vitest";
import { GET as listRoute, POST as uploadRoute } from "@/app/api/tickets/[id]/attachments/route";
import { DELETE as deleteRoute } from "@/app/api/tickets/attachment/[id]/route";
import { GET as downloadRoute } from "@/app/api/tickets/attachment/[id]/download/route";
import { GET as settingsRoute } from "@/app/api/settings/route";
import { POST as generate } from "@/app/api/tickets/generate/route";
import { db } from "@/server/db/client";
import { createSignedInUser, freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { SAMPLE_FILES, callBinary, uploadFile } from "@/tests/helpers/upload";

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

let other: SignedIn;
let ticket: { ticket_id: string; control_number: string };

const users = freshAdminAndStaff();
beforeEach(async () => {
  other = await createSignedInUser({ email: "other@example.com" });
  const res = await callRoute(generate, {
    method: "POST",
    path: "/api/tickets/generate",
    token: users.staff.token,
    body: {
      buyer_name: "Maria Clara",
      phone_number: "09171234567",
      email: "maria@example.com",
      payment_method: "cash",
    },
  });
  expect(res.status).toBe(201);
  ticket = res.json.ticket;
});

const upload = (
  file: { bytes: Uint8Array; name: string; type?: string },
  token = users.staff.token,
  ref = ticket.ticket_id,
) => uploadFile(uploadRoute, { ticketRef: ref, token, file });
const list = (token = users.staff.token, ref = ticket.ticket_id) =>
  callRoute(listRoute, { path: `/api/tickets/${ref}/attachments`, params: { id: ref }, token });
const download = (id: string, token = users.staff.token) =>
  callBinary(downloadRoute, { path: `/api/tickets/attachment/${id}/download`, params: { id }, token });
const remove = (id: string, token = users.admin.token) =>
  callRoute(deleteRoute, { method: "DELETE", path: `/api/tickets/attachment/${id}`, params: { id }, token });

/** Ten-megabyte bodies through the embedded engine take ~20 s on a quiet machine, far longer on a busy one. */
const BIG_FILE_TIMEOUT_MS = 240_000;

describe("POST /api/tickets/{id}/attachments", () => {
  it.each([
    ["jpeg", "stub.jpg", "image/jpeg"],
    ["png", "receipt.png", "image/png"],
    ["webp", "gcash.webp", "image/webp"],
    ["heic", "IMG_0001.HEIC", "image/heic"],
    ["pdf", "receipt.pdf", "application/pdf"],
  ] as const)("accepts %s, typed by its leading bytes", async (kind, name, mime) => {
    // The declared type is deliberately wrong: only the bytes count.
    const res = await upload({ bytes: SAMPLE_FILES[kind], name, type: "text/plain" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ success: true, message: "Attachment uploaded successfully" });
    expect(res.json.attachment).toEqual({
      id: expect.any(String),
      file_name: name,
      file_size: SAMPLE_FILES[kind].length,
      content_type: mime,
      created_at: expect.any(String),
    });
  });

  it("refuses a renamed .exe with 415, whatever its name and declared type", async () => {
    const res = await upload({ bytes: SAMPLE_FILES.exe, name: "receipt.jpg", type: "image/jpeg" });
    expect(res.status).toBe(415);
    expect(res.json).toMatchObject({
      success: false,
      code: "unsupported_media_type",
      message: "Only JPEG, PNG, WebP, HEIC and PDF files can be attached",
    });
    expect(await db().ticketAttachment.count()).toBe(0);
  });

  it(
    "refuses 11 MB with 413, declared or streamed without a length",
    async () => {
      const big = Buffer.concat([SAMPLE_FILES.jpeg, Buffer.alloc(11 * 1024 * 1024)]);
      const declared = await upload({ bytes: big, name: "big.jpg" });
      expect(declared.status).toBe(413);
      expect(declared.json.code).toBe("payload_too_large");
      const streamed = await uploadFile(uploadRoute, {
        ticketRef: ticket.ticket_id,
        token: users.staff.token,
        file: { bytes: big, name: "big.jpg" },
        chunked: true,
      });
      expect(streamed.status).toBe(413);
      // Just over 10 MB fits the body limit but not the file limit.
      const over = await upload({
        bytes: Buffer.concat([SAMPLE_FILES.jpeg, Buffer.alloc(10 * 1024 * 1024)]),
        name: "over.jpg",
      });
      expect(over.status).toBe(413);
      expect(over.json.message).toBe("The file is too large: the limit is 10 MB");
      // Exactly 10 MB is accepted.
      const exact = await upload({
        bytes: Buffer.concat([SAMPLE_FILES.jpeg, Buffer.alloc(10 * 1024 * 1024 - SAMPLE_FILES.jpeg.length)]),
        name: "exact.jpg",
      });
      expect(exact.status).toBe(201);
    },
    BIG_FILE_TIMEOUT_MS,
  );

  it("keeps at most 20 per ticket, even when 25 arrive at once (409 for the rest)", { tags: ["sql"] }, async () => {
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => upload({ bytes: SAMPLE_FILES.png, name: `p${i}.png` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0].json).toMatchObject({
      code: "limit_reached",
      message: "A ticket can have at most 20 attachments",
    });
    expect(await db().ticketAttachment.count({ where: { ticketId: ticket.ticket_id } })).toBe(20);
    expect(await db().auditLog.count({ where: { action: "attachment.upload" } })).toBe(20);
  });

  it("cleans file names of path parts and control characters", async () => {
    const a = await upload({ bytes: SAMPLE_FILES.pdf, name: "..\\..\\windows\\re\u0007ceipt\u202E.pdf" });
    expect(a.json.attachment.file_name).toBe("receipt.pdf");
    const b = await upload({ bytes: SAMPLE_FILES.png, name: "../../etc/..png" });
    expect(b.json.attachment.file_name).toBe("png.png");
    const c = await upload({ bytes: SAMPLE_FILES.png, name: "/tmp/\u0001\u0002" });
    expect(c.json.attachment.file_name).toBe("attachment.png");
  });

  it("stores and serves the user's base name with the detected type's extension (issue 25 item 8)", async () => {
    const up = await upload({ bytes: SAMPLE_FILES.png, name: "poly.html" });
    expect(up.status).toBe(201);
    expect(up.json.attachment.file_name).toBe("poly.png");
    const file = await download(up.json.attachment.id);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("content-disposition")).toContain(`filename="poly.png"`);
    // A file stored before the fix, under the user's extension, is served under its type's.
    await db()
      .$executeRaw`UPDATE ticket_attachments SET file_name = 'old.html' WHERE id = ${up.json.attachment.id}::uuid`;
    expect((await download(up.json.attachment.id)).headers.get("content-disposition")).toContain(`filename="old.png"`);
  });

  it("refuses a body that is not multipart, or has no file, with 400", async () => {
    const json = await callRoute(uploadRoute, {
      method: "POST",
      path: `/api/tickets/${ticket.ticket_id}/attachments`,
      params: { id: ticket.ticket_id },
      token: users.staff.token,
      body: { file: "x" },
    });
    expect(json.status).toBe(400);
    const empty = await uploadFile(uploadRoute, { ticketRef: ticket.ticket_id, token: users.staff.token });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe("A file is required in the field 'file'");
  });

  it("answers 404 for a ticket that does not exist, and takes a control number as the reference", async () => {
    expect(
      (
        await upload(
          { bytes: SAMPLE_FILES.png, name: "x.png" },
          users.staff.token,
          "6f1c1f40-8a55-4c1e-9d4e-2f0d7c1b0a99",
        )
      ).status,
    ).toBe(404);
    expect(
      (await upload({ bytes: SAMPLE_FILES.png, name: "x.png" }, users.staff.token, ticket.control_number)).status,
    ).toBe(201);
  });
});

describe("GET list and download", () => {
  it(
    "lists [{id, file_name, file_size, content_type, created_at}] " + "and downloads byte-identical with safe headers",
    async () => {
      expect((await list()).json).toEqual([]);
      const name = `../Résumé "paid" 100%.pdf`;
      const up = await upload({ bytes: SAMPLE_FILES.pdf, name });
      const listed = await list();
      expect(listed.status).toBe(200);
      expect(listed.json).toEqual([up.json.attachment]);
      expect(Object.keys(listed.json[0]).sort()).toEqual([
        "content_type",
        "created_at",
        "file_name",
        "file_size",
        "id",
      ]);

      const file = await download(up.json.attachment.id);
      expect(file.status).toBe(200);
      expect(file.bytes.equals(SAMPLE_FILES.pdf)).toBe(true);
      expect(file.headers.get("content-type")).toBe("application/pdf");
      expect(file.headers.get("content-length")).toBe(String(SAMPLE_FILES.pdf.length));
      expect(file.headers.get("x-content-type-options")).toBe("nosniff");
      expect(file.headers.get("content-disposition")).toBe(
        `attachment; filename="R_sum_ _paid_ 100%.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22paid%22%20100%25.pdf`,
      );
      expect(file.headers.get("cache-control")).toContain("no-store");
    },
  );

  it(
    "downloads a 10 MB photo byte for byte",
    async () => {
      const photo = Buffer.concat([
        SAMPLE_FILES.jpeg,
        Buffer.from(Array.from({ length: 10 * 1024 * 1024 - 64 }, (_, i) => (i * 31) & 0xff)),
      ]);
      const up = await upload({ bytes: photo, name: "stub.jpg" });
      expect(up.status).toBe(201);
      const file = await download(up.json.attachment.id);
      expect(file.bytes.equals(photo)).toBe(true);
    },
    BIG_FILE_TIMEOUT_MS,
  );

  it("answers 404 for an unknown or malformed attachment id", async () => {
    expect((await download("6f1c1f40-8a55-4c1e-9d4e-2f0d7c1b0a99")).status).toBe(404);
    expect((await download("not-a-uuid")).status).toBe(404);
  });
});

describe("roles", () => {
  it("the ticket's creator and administrators may use them; another staff member may not (403)", async () => {
    const up = await upload({ bytes: SAMPLE_FILES.png, name: "a.png" });
    const id = up.json.attachment.id;
    expect((await upload({ bytes: SAMPLE_FILES.png, name: "b.png" }, users.admin.token)).status).toBe(201);
    expect((await list(users.admin.token)).json).toHaveLength(2);
    expect((await download(id, users.admin.token)).status).toBe(200);

    const refused = await upload({ bytes: SAMPLE_FILES.png, name: "c.png" }, other.token);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe("You can only see the attachments of tickets you generated or registered");
    expect((await list(other.token)).status).toBe(403);
    expect((await download(id, other.token)).status).toBe(403);
    expect(
      (
        await callRoute(listRoute, {
          path: `/api/tickets/${ticket.ticket_id}/attachments`,
          params: { id: ticket.ticket_id },
        })
      ).status,
    ).toBe(401);
  });

  it("only administrators delete, and every change is audited", async () => {
    const up = await upload({ bytes: SAMPLE_FILES.png, name: "a.png" });
    const id = up.json.attachment.id;
    expect((await remove(id, users.staff.token)).status).toBe(403);
    const res = await remove(id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: "Attachment deleted successfully" });
    expect((await download(id)).status).toBe(404);
    expect((await remove(id)).status).toBe(404);

    const audits = await db().auditLog.findMany({ where: { entityType: "ticket_attachment" }, orderBy: { id: "asc" } });
    expect(audits.map((a) => [a.action, a.actorEmail, a.entityId])).toEqual([
      ["attachment.upload", "staff@example.com", id],
      ["attachment.delete", "admin@example.com", id],
    ]);
    expect(audits[1].before).toMatchObject({
      file_name: "a.png",
      ticket_id: ticket.ticket_id,
      control_number: ticket.control_number,
    });
  });

  it("attachments go with their ticket", async () => {
    await upload({ bytes: SAMPLE_FILES.png, name: "a.png" });
    await db().ticket.delete({ where: { id: ticket.ticket_id } });
    expect(await db().ticketAttachment.count()).toBe(0);
    expect(await usedBytes()).toBe(0);
  });
});

const usedBytes = async () =>
  Number((await db().attachmentStorage.findUniqueOrThrow({ where: { id: true } })).usedBytes);

describe("the installation's storage limit (issue 25 item 3)", () => {
  const KIB = 1024;
  const photo = (i: number) => ({
    bytes: Buffer.concat([SAMPLE_FILES.jpeg, Buffer.alloc(300 * KIB, i)]),
    name: `p${i}.jpg`,
  });

  it(
    "refuses with 413 quota_exceeded naming the limit once the total would pass it, " +
      "concurrent uploads on many tickets included; nothing is stored",
    { tags: ["sql"] },
    async () => {
      await db().settings.update({ where: { id: 1 }, data: { attachmentStorageLimitMb: 1 } });
      const others = [];
      for (let i = 0; i < 2; i++) {
        const res = await callRoute(generate, {
          method: "POST",
          path: "/api/tickets/generate",
          token: users.staff.token,
          body: { buyer_name: `Buyer Number ${i}`, phone_number: "09171234567", payment_method: "cash" },
        });
        others.push(res.json.ticket.ticket_id as string);
      }
      const refs = [ticket.ticket_id, ...others];
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => upload(photo(i), users.staff.token, refs[i % 3])),
      );
      // 1 MB holds three files of about 300 KiB, not four.
      expect(results.filter((r) => r.status === 201)).toHaveLength(3);
      const refused = results.filter((r) => r.status === 413);
      expect(refused).toHaveLength(3);
      expect(refused[0].json).toMatchObject({
        success: false,
        code: "quota_exceeded",
        message: "Attachment storage is full: the limit is 1 MB",
      });
      expect(await db().ticketAttachment.count()).toBe(3);
      expect(await db().auditLog.count({ where: { action: "attachment.upload" } })).toBe(3);
      const stored = await db().ticketAttachment.aggregate({ _sum: { fileSize: true } });
      expect(await usedBytes()).toBe(stored._sum.fileSize);

      // Deleting one gives its bytes back, and the next upload fits.
      const first = await db().ticketAttachment.findFirstOrThrow({ select: { id: true } });
      expect((await remove(first.id)).status).toBe(200);
      expect((await upload(photo(9))).status).toBe(201);
      expect((await upload(photo(10))).status).toBe(413);

      // The Settings answer shows the space used, for administrators.
      const settings = await callRoute(settingsRoute, { path: "/api/settings", token: users.admin.token });
      expect(settings.json.settings).toMatchObject({
        attachment_storage_limit_mb: 1,
        attachment_storage_used_bytes: await usedBytes(),
      });
      const asStaff = await callRoute(settingsRoute, { path: "/api/settings", token: users.staff.token });
      expect(asStaff.json.settings).not.toHaveProperty("attachment_storage_used_bytes");
    },
  );

  it("is held by the database whatever writes the row: a direct insert past the limit is refused", async () => {
    await db().settings.update({ where: { id: 1 }, data: { attachmentStorageLimitMb: 1 } });
    const insert = (size: number) =>
      db().$executeRaw`INSERT INTO ticket_attachments (id, ticket_id, file_name, file_size, content_type, data)
        VALUES (gen_random_uuid(), ${ticket.ticket_id}::uuid, 'x.jpg', ${size}, 'image/jpeg', '\\x00'::bytea)`;
    await insert(1024 * 1024);
    await expect(insert(1)).rejects.toThrow(/Attachment storage is full: the limit is 1 MB/);
    expect(await usedBytes()).toBe(1024 * 1024);
  });
});
