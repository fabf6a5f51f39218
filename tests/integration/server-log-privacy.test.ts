// The server never logs a buyer's e-mail, phone or address (issue 37): everything the server writes to
// its log (console.log/info/warn/error) while a ticket is sold with all three, e-mailed to the buyer
// (no SMTP server: the outbox folder), searched for and paid by GCash is captured and grepped.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { GET as searchRoute } from "@/app/api/tickets/search/route";
import { POST as sendEmail } from "@/app/api/tickets/send-email/route";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { PUT as registerRoute } from "@/app/api/tickets/register/[controlNumber]/route";
import { resetEnvCache } from "@/server/env";
import { resetDb } from "@/tests/helpers/db";
import { createAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

const BUYER = { email: "melchora.aquino@buyers.test", phone: "0917 555 0142", address: "12 Banaba St, Caloocan" };
const saved = { outbox: process.env.MAIL_OUTBOX_DIR, smtp: process.env.SMTP_URL };
let outbox: string;

beforeEach(async () => {
  await resetDb();
  outbox = await mkdtemp(path.join(tmpdir(), "log-privacy-"));
  process.env.MAIL_OUTBOX_DIR = outbox;
  delete process.env.SMTP_URL;
  resetEnvCache();
});

afterEach(async () => {
  process.env.MAIL_OUTBOX_DIR = saved.outbox;
  if (saved.smtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = saved.smtp;
  resetEnvCache();
  await rm(outbox, { recursive: true, force: true });
});

it("writes no buyer's e-mail, phone or address to the server log", async () => {
  const { admin, staff } = await createAdminAndStaff();
  const lines: string[] = [];
  const spies = (["log", "info", "warn", "error", "debug"] as const).map((m) =>
    vi
      .spyOn(console, m)
      .mockImplementation(
        (...args: unknown[]) =>
          void lines.push(
            args
              .map((a) =>
                a instanceof Error ? `${a.message}\n${a.stack}` : typeof a === "string" ? a : JSON.stringify(a),
              )
              .join(" "),
          ),
      ),
  );
  try {
    const made = await callRoute(customRange, {
      method: "POST",
      path: "/api/tickets/admin/generate-custom-range",
      token: admin.token,
      body: { startRange: 1, endRange: 1, userId: "x" },
    });
    const control = made.json.tickets[0].control_number as string;
    const body = {
      buyerName: "Melchora Aquino",
      phoneNumber: BUYER.phone,
      email: BUYER.email,
      address: BUYER.address,
      paymentMethod: "gcash",
      paymentReference: "1001543610110",
    };
    const sold = await callRoute(registerRoute, {
      method: "PUT",
      path: `/api/tickets/register/${control}`,
      params: { controlNumber: control },
      body,
      token: staff.token,
    });
    expect(sold.status, JSON.stringify(sold.json)).toBe(200);
    // A refused sale (the reference is taken) with the same details.
    await callRoute(registerRoute, {
      method: "PUT",
      path: `/api/tickets/register/${control}`,
      params: { controlNumber: control },
      body,
      token: staff.token,
    });
    const mailed = await callRoute(sendEmail, {
      method: "POST",
      path: "/api/tickets/send-email",
      token: staff.token,
      body: {
        to: BUYER.email,
        subject: "Your ticket",
        ticket: { control_number: control, buyer_name: "Melchora Aquino", amount: 50, status: "Registered" },
      },
    });
    expect(mailed.status, JSON.stringify(mailed.json)).toBe(200);
    await callRoute(searchRoute, {
      path: `/api/tickets/search?q=${encodeURIComponent(BUYER.email)}`,
      token: admin.token,
    });
  } finally {
    for (const s of spies) s.mockRestore();
  }
  const log = lines.join("\n");
  expect(log).toContain("[mail]"); // the outbox line was written: the grep reads the real log
  for (const value of [BUYER.email, BUYER.phone, BUYER.phone.replace(/ /g, ""), BUYER.address])
    expect(log).not.toContain(value);
});
