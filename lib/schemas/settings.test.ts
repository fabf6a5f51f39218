import { describe, expect, it } from "vitest";
import { SETTINGS_MESSAGES as M, generalSettingsSchema, updateSettingsSchema } from "@/lib/schemas/settings";

const parse = (input: unknown) => updateSettingsSchema.safeParse(input);
const messages = (input: unknown) => {
  const result = parse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("updateSettingsSchema", () => {
  it("takes snake_case and camelCase names, and answers snake_case", () => {
    expect(
      parse({ ticket_price: 75, siteName: " Batch 2000 ", primaryColor: "#AABBCC", darkMode: false }).data,
    ).toEqual({
      ticket_price: 75,
      site_name: "Batch 2000",
      primary_color: "#aabbcc",
      dark_mode: false,
    });
  });

  it("takes a partial body, and an empty one", () => {
    expect(parse({ session_timeout: 60 }).data).toEqual({ session_timeout: 60 });
    expect(parse({}).data).toEqual({});
  });

  it("reads numbers written as text (form inputs send text)", () => {
    expect(parse({ ticket_price: "12.50", max_ticket_limit: " 500 " }).data).toEqual({
      ticket_price: 12.5,
      max_ticket_limit: 500,
    });
  });

  it.each([
    [{ ticket_price: 0 }, M.ticketPrice],
    [{ ticket_price: 0.001 }, M.ticketPrice],
    [{ ticket_price: 10.555 }, M.ticketPrice],
    [{ ticket_price: -5 }, M.ticketPrice],
    [{ ticket_price: 1_000_000.01 }, M.ticketPrice],
    [{ ticket_price: "abc" }, M.ticketPrice],
    [{ ticket_price: "" }, M.ticketPrice],
    [{ ticket_price: null }, M.ticketPrice],
    [{ max_ticket_limit: 0 }, M.maxTicketLimit],
    [{ max_ticket_limit: 1_000_000 }, M.maxTicketLimit],
    [{ max_ticket_limit: 10.5 }, M.maxTicketLimit],
    [{ session_timeout: 4 }, M.sessionTimeout],
    [{ session_timeout: 1441 }, M.sessionTimeout],
    [{ api_rate_limit: 9 }, M.apiRateLimit],
    [{ api_rate_limit: 100_001 }, M.apiRateLimit],
    [{ primary_color: "red" }, M.primaryColor],
    [{ primary_color: "#abc" }, M.primaryColor],
    [{ primary_color: 667 }, M.primaryColor],
    [{ site_name: "x".repeat(101) }, M.siteName],
    [{ site_description: "x".repeat(501) }, M.siteDescription],
    [{ site_name: 5 }, M.siteName],
    [{ dark_mode: "true" }, "Dark mode must be true or false"],
    [{ emailNotifications: 1 }, "Email notifications must be true or false"],
    [{ require_email_verification: null }, "Require email verification must be true or false"],
  ])("refuses %j with a message naming the field", (input, message) => {
    const result = parse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].message).toBe(message);
    expect(result.error!.issues[0].path).toEqual([
      Object.keys(input)[0].replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
    ]);
  });

  it("accepts every bound", () => {
    const low = { ticket_price: 0.01, max_ticket_limit: 1, session_timeout: 5, api_rate_limit: 10 };
    const high = { ticket_price: 1_000_000, max_ticket_limit: 999_999, session_timeout: 1440, api_rate_limit: 100_000 };
    expect(parse(low).data).toEqual(low);
    expect(parse(high).data).toEqual(high);
    // Binary floating point: 0.1 + 0.2 is 0.30000000000000004, still a price of 0.30.
    expect(parse({ ticket_price: 0.1 + 0.2 }).data).toEqual({ ticket_price: 0.3 });
    expect(parse({ ticket_price: 19.99 }).data).toEqual({ ticket_price: 19.99 });
  });

  it("reports every bad field, not only the first", () => {
    expect(messages({ ticket_price: 0, session_timeout: 1 })).toEqual([
      `ticket_price: ${M.ticketPrice}`,
      `session_timeout: ${M.sessionTimeout}`,
    ]);
  });

  it("refuses unknown names and one setting sent twice with two values", () => {
    expect(messages({ ticket_price: 50, colour: "#000000" })).toEqual(["colour: Unknown setting: colour"]);
    expect(messages({ ticket_price: 50, ticketPrice: 60 })).toEqual([
      "ticket_price: ticket_price and ticketPrice name the same setting with different values: send one of them",
    ]);
    expect(parse({ ticket_price: 50, ticketPrice: 50 }).data).toEqual({ ticket_price: 50 });
  });

  it("takes the ticket prefix (capitals or digits) and an IANA timezone (issue 38 item 5)", () => {
    expect(parse({ ticket_prefix: " xyz9 ", timezone: "UTC", ticket_price: 60 }).data).toEqual({
      ticket_prefix: "XYZ9",
      timezone: "UTC",
      ticket_price: 60,
    });
    expect(parse({ ticketPrefix: "B2K", timezone: "Asia/Manila" }).data).toEqual({
      ticket_prefix: "B2K",
      timezone: "Asia/Manila",
    });
    expect(messages({ ticket_prefix: "B2K-1" })).toEqual([`ticket_prefix: ${M.ticketPrefix}`]);
    expect(messages({ ticket_prefix: "" })).toEqual([`ticket_prefix: ${M.ticketPrefix}`]);
    expect(messages({ timezone: "Mars/Olympus" })).toEqual([`timezone: ${M.timezone}`]);
    expect(messages({ timezone: "+08:00" })).toEqual([`timezone: ${M.timezone}`]);
  });

  it("refuses a body that is not an object", () => {
    for (const body of [[], "x", 5, null]) expect(messages(body)).toEqual([`: ${M.notAnObject}`]);
  });
});

describe("generalSettingsSchema", () => {
  it(
    "is the General tab's fields (the spec's four, and the stubs' permit, draw date and venue) with " +
      "the same rules",
    () => {
      const stubs = { permit_number: "", draw_at: "", venue: "" };
      const ok = generalSettingsSchema.safeParse({
        site_name: "",
        site_description: "",
        ticket_price: "50",
        max_ticket_limit: "60000",
        ...stubs,
      });
      expect(ok.data).toEqual({
        site_name: "",
        site_description: "",
        ticket_price: 50,
        max_ticket_limit: 60000,
        ...stubs,
      });
      const bad = generalSettingsSchema.safeParse({
        site_name: "",
        site_description: "",
        ticket_price: "0",
        max_ticket_limit: "1.5",
        ...stubs,
      });
      expect(bad.error!.issues.map((i) => i.message)).toEqual([M.ticketPrice, M.maxTicketLimit]);
    },
  );
});

describe("settings text and prices (issue 25 item 9)", () => {
  const first = (input: unknown) => {
    const parsed = updateSettingsSchema.safeParse(input);
    return parsed.success ? { ok: parsed.data } : { error: parsed.error.issues[0] };
  };

  it("refuse control characters with a message naming the field; newlines only in the description", () => {
    expect(first({ site_name: "Raffle\u0007" }).error).toMatchObject({
      path: ["site_name"],
      message: "Site name must not contain control characters.",
    });
    expect(first({ site_name: "Line\nbreak" }).error?.message).toBe("Site name must not contain control characters.");
    expect(first({ site_description: "Two\nlines" }).ok).toMatchObject({ site_description: "Two\nlines" });
    expect(first({ site_description: "Bell\u0007" }).error?.message).toBe(
      "Site description must not contain control characters.",
    );
    expect(first({ venue: "Hall\u0000" }).error?.message).toBe("Venue must not contain control characters.");
  });

  it("remove bidi overrides, as the ticket fields do", () => {
    expect(first({ site_name: "\u202Eelffar Raffle" }).ok).toMatchObject({ site_name: "elffar Raffle" });
  });

  it("take a price as a number or digits with up to two decimals, never 1e3", () => {
    expect(first({ ticket_price: "1e3" }).error?.message).toBe(M.ticketPrice);
    expect(first({ ticket_price: "0x10" }).error?.message).toBe(M.ticketPrice);
    expect(first({ ticket_price: "50.123" }).error?.message).toBe(M.ticketPrice);
    expect(first({ ticket_price: "50.25" }).ok).toMatchObject({ ticket_price: 50.25 });
    expect(first({ ticket_price: " 75 " }).ok).toMatchObject({ ticket_price: 75 });
    expect(first({ ticket_price: 60 }).ok).toMatchObject({ ticket_price: 60 });
    expect(first({ cash_on_hand_alert: "1e3" }).error?.message).toBe(M.cashOnHandAlert);
  });
});
