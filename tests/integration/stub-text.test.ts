// Issue 40: a buyer's name that the ticket stub would print as blanks (Arabic, emoji) is refused at
// registration with a message naming the characters, on every path that sets the name; names the
// stub's font prints (ñ, accents, Greek, Cyrillic) register as before.
import { describe, expect, it } from "vitest";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { POST as generate } from "@/app/api/tickets/generate/route";
import { PUT as register } from "@/app/api/tickets/register/[controlNumber]/route";
import { db } from "@/server/db/client";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

const users = freshAdminAndStaff();

describe("a buyer's name on the stub", () => {
  it("is refused with the characters named when the stub cannot print it, and nothing is written", async () => {
    const made = await callRoute(customRange, {
      method: "POST",
      path: "/api/tickets/admin/generate-custom-range",
      body: { startRange: 1, endRange: 2, userId: "x" },
      token: users.admin.token,
    });
    const [first, second] = made.json.tickets as { control_number: string }[];
    const put = (cn: string, buyerName: string) =>
      callRoute(register, {
        method: "PUT",
        path: `/api/tickets/register/${cn}`,
        params: { controlNumber: cn },
        body: { buyerName, phoneNumber: "09171234567" },
        token: users.staff.token,
      });

    const arabic = await put(first.control_number, "محمد علي");
    expect(arabic.status).toBe(400);
    expect(arabic.json.message).toBe(
      'Buyer name has characters the ticket stub cannot print: "م" (U+0645), "ح" (U+062D), "د" ' +
        "(U+062F) and 3 more. Use Latin, Greek or Cyrillic letters (accents and ñ print).",
    );
    const emoji = await callRoute(generate, {
      method: "POST",
      path: "/api/tickets/generate",
      body: { buyer_name: "Ana 😀 Reyes", phone_number: "09171234567", payment_method: "cash", quantity: 1 },
      token: users.staff.token,
    });
    expect(emoji.status).toBe(400);
    expect(emoji.json.message).toBe(
      'Buyer name has characters the ticket stub cannot print: "😀" (U+1F600). ' +
        "Use Latin, Greek or Cyrillic letters (accents and ñ print).",
    );
    expect(await db().ticket.count({ where: { registeredAt: { not: null } } })).toBe(0);

    expect((await put(first.control_number, "José Peñaflor")).status).toBe(200);
    expect((await put(second.control_number, "Анна Γιώργος")).status).toBe(200);
  });
});
