import { describe, expect, it } from "vitest";
import { generalSettingsDiffer } from "@/components/settings/general-settings-changes";
import { generalSettingsSchema, type GeneralSettingsInput, type GeneralSettingsValues } from "@/lib/schemas/settings";

/** The check as it was before decision 182: parse with the schema, compare what it answers. */
function differsBySchema(current: GeneralSettingsInput, saved: GeneralSettingsValues | undefined): boolean {
  if (!saved) return false;
  const parsed = generalSettingsSchema.safeParse(current);
  if (!parsed.success) return true;
  return (Object.keys(parsed.data) as (keyof GeneralSettingsValues)[]).some((key) => parsed.data[key] !== saved[key]);
}

const SAVED: GeneralSettingsValues = {
  site_name: "Batch 2000 Raffle Dashboard",
  site_description: "For the school's roof\nand its gym",
  ticket_price: 50,
  max_ticket_limit: 99_999,
  permit_number: "FTEB-12345 Series of 2026",
  draw_at: "2026-12-20T15:00",
  venue: "Covered Court, Peñaflor",
};
const SAVED_EMPTY: GeneralSettingsValues = {
  ...SAVED,
  ticket_price: 12.5,
  max_ticket_limit: 1000,
  permit_number: "",
  draw_at: "",
  venue: "",
};

const asForm = (saved: GeneralSettingsValues): GeneralSettingsInput => ({
  ...saved,
  ticket_price: String(saved.ticket_price),
  max_ticket_limit: String(saved.max_ticket_limit),
});

/** Values one field at a time: as saved written otherwise, changed, and refused by the schema. */
const EDITS: Partial<Record<keyof GeneralSettingsInput, unknown[]>> = {
  site_name: [
    "Batch 2000 Raffle Dashboard",
    "  Batch 2000 Raffle Dashboard  ",
    "Batch 2000 \u202ERaffle Dashboard",
    "\u2066Batch 2000 Raffle Dashboard\u2069",
    "Other",
    "",
    "Batch\t2000",
    "x".repeat(101),
    " ".repeat(3),
    undefined,
    5,
  ],
  site_description: [
    "For the school's roof\nand its gym",
    " For the school's roof\nand its gym\n",
    "For the school's roof\r\nand its gym",
    "For\u0007 the",
    "y".repeat(501),
    "",
  ],
  ticket_price: [
    "50",
    "50.00",
    " 50 ",
    "50.0",
    "050",
    "50.001",
    "5e1",
    "0x32",
    "50.",
    ".5",
    "",
    "abc",
    "-50",
    "0",
    "0.01",
    "1000000",
    "1000001",
    50,
    50.001,
    49.999999999,
    12.5,
    "12.50",
    "12.5",
    "12.499",
    Number.NaN,
  ],
  max_ticket_limit: [
    "99999",
    " 99999 ",
    "099999",
    "99999.0",
    "9.9999e4",
    "1e3",
    "1000",
    "1000.5",
    "0",
    "999999",
    "1000000",
    "",
    "abc",
    "-1",
    99_999,
    1000,
    1000.5,
    "0x3e8",
    "Infinity",
  ],
  permit_number: [
    "FTEB-12345 Series of 2026",
    " FTEB-12345 Series of 2026 ",
    "FTEB\u202A-12345 Series of 2026",
    "",
    "p".repeat(101),
    "FTEB\n12345",
  ],
  draw_at: [
    "2026-12-20T15:00",
    " 2026-12-20T15:00 ",
    "",
    " ",
    "2026-12-20 15:00",
    "2026-02-30T15:00",
    "2026-12-20T25:00",
    "2026-12-20T15:00:00",
    "\u202A2026-12-20T15:00",
  ],
  venue: ["Covered Court, Peñaflor", "Covered Court, Peñaflor ", "Gym", "", "v".repeat(201), "Court\u0000"],
};

describe("generalSettingsDiffer answers as the schema-based check did", () => {
  for (const saved of [SAVED, SAVED_EMPTY]) {
    it(`for every one-field edit against ${saved === SAVED ? "filled" : "mostly empty"} saved settings`, () => {
      for (const [name, values] of Object.entries(EDITS)) {
        for (const value of [...values!, ...(name === "ticket_price" || name === "max_ticket_limit" ? [] : [""])]) {
          const current = { ...asForm(saved), [name]: value } as GeneralSettingsInput;
          expect(generalSettingsDiffer(current, saved), `${name} = ${JSON.stringify(value)}`).toBe(
            differsBySchema(current, saved),
          );
        }
      }
    });
  }

  it("for two fields changed at once, and with nothing saved yet", () => {
    const both = { ...asForm(SAVED), site_name: " Batch 2000 Raffle Dashboard ", ticket_price: "50.00" };
    expect(generalSettingsDiffer(both, SAVED)).toBe(false);
    expect(differsBySchema(both, SAVED)).toBe(false);
    const changed = { ...both, venue: "Gym" };
    expect(generalSettingsDiffer(changed, SAVED)).toBe(true);
    expect(generalSettingsDiffer(changed, undefined)).toBe(false);
    expect(differsBySchema(changed, undefined)).toBe(false);
  });

  it("is false for the saved settings as the form shows them", () => {
    expect(generalSettingsDiffer(asForm(SAVED), SAVED)).toBe(false);
    expect(generalSettingsDiffer(asForm(SAVED_EMPTY), SAVED_EMPTY)).toBe(false);
  });
});
