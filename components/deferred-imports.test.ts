// Code that only an action needs stays out of Tickets Management's and the Register screen's first
// load (decisions 185 and 186): these modules may reach it only through import() or `import type`.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const staticImportOf = (file: string, module: string) =>
  new RegExp(`^import (?!type )[^;]*from "${module.replace(/[/.]/g, "\\$&")}";`, "m").test(readFileSync(file, "utf8"));

describe("deferred code is not imported statically", () => {
  it.each([
    ["components/tickets/tickets-io-actions.tsx", "@/lib/api/tickets-io"],
    ["lib/queries/tickets.ts", "@/lib/api/tickets-io"],
    ["components/tickets/data-table.tsx", "@/components/ui/checkbox"],
    ["components/tickets/ticket-cards.tsx", "@/components/ui/checkbox"],
    ["components/register/register-screen.tsx", "@/components/register/multiple-registration"],
    ["components/register/single-registration.tsx", "@/components/register/single-result-card"],
    ["components/forms/field.tsx", "@/components/ui/checkbox"],
    ["components/ui/tabs.tsx", "@radix-ui/react-tabs"],
    ["components/forms/payment-method-radios.tsx", "@/components/ui/radio-group"],
  ])("%s does not import %s", (file, module) => {
    expect(staticImportOf(file, module)).toBe(false);
  });

  it("sees a static import when there is one", () => {
    expect(staticImportOf("components/tickets/tickets-screen.tsx", "@/components/tickets/data-table")).toBe(true);
  });
});
