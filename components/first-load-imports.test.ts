// What a screen's first load may not carry (issue 28; decisions 175–179, 182 and 185): the packages a
// person needs only when they act — validate a form, open a dialog — must be reached from the
// screen's module by dynamic `import()` alone. This walks the project's static imports from a
// screen's module (`import type` and `import()` are not followed) and lists the packages reached, so
// a static import of a schema module or a dialog fails here rather than only in the measured kB.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "..");
// `import … from "x"` and `export … from "x"` (not `import type`/`export type`), and `import "x"`.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?["']([^"']+)["']/gms;

function resolveModule(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/")
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${specifier} (imported by ${path.relative(ROOT, from)}) not found`);
}

/** Every package a module reaches through static imports, with the project files on the way. */
function staticallyReached(entry: string): { packages: Map<string, string>; files: Set<string> } {
  const packages = new Map<string, string>();
  const files = new Set<string>();
  const queue = [path.join(ROOT, entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    // Comments out, so an example in a comment is not an import.
    const source = fs
      .readFileSync(file, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    for (const [, specifier] of source.matchAll(STATIC_IMPORT)) {
      const resolved = resolveModule(file, specifier);
      if (resolved) queue.push(resolved);
      else {
        const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0];
        if (!packages.has(name)) packages.set(name, path.relative(ROOT, file));
      }
    }
  }
  return { packages, files };
}

/** Per screen (or the shell): packages and project modules its static imports must not reach. */
const ACTION_ONLY: Record<string, { packages: string[]; modules: string[] }> = {
  // Decisions 175 and 176: toasts on the first toast, the account menu on first use, no URL-state library.
  "components/dashboard/dashboard-shell.tsx": {
    packages: ["sonner", "nuqs", "@radix-ui/react-dropdown-menu", "@radix-ui/react-dialog", "@radix-ui/react-avatar"],
    modules: ["components/dashboard/account-menu-popup.tsx"],
  },
  // Decision 182.
  "components/settings/settings-screen.tsx": {
    packages: [
      "zod",
      "@hookform/resolvers",
      "date-fns-tz",
      "@radix-ui/react-alert-dialog",
      "@radix-ui/react-dialog",
      "@radix-ui/react-switch",
      "@radix-ui/react-tabs",
    ],
    modules: [
      "lib/schemas/settings.ts",
      "components/settings/leave-without-saving-dialog.tsx",
      "components/settings/users-tab.tsx",
      "components/settings/activity-log-tab.tsx",
    ],
  },
  "components/reconciliation/reconciliation-screen.tsx": {
    packages: [
      "zod",
      "@hookform/resolvers",
      "@tanstack/react-table",
      "@radix-ui/react-dialog",
      "@radix-ui/react-alert-dialog",
    ],
    modules: [
      "lib/schemas/reconciliation.ts",
      "components/reconciliation/lines-view.tsx",
      "components/reconciliation/import-wizard.tsx",
      "components/reconciliation/reason-dialog.tsx",
    ],
  },
  // Decision 179.
  "components/analytics/analytics-screen.tsx": {
    packages: ["@radix-ui/react-select", "papaparse"],
    modules: ["components/ui/select.tsx"],
  },
  "components/remittances/remittances-screen.tsx": {
    packages: [
      "@radix-ui/react-dropdown-menu",
      "@radix-ui/react-dialog",
      "@radix-ui/react-select",
      "@radix-ui/react-switch",
      "zod",
    ],
    modules: ["components/remittances/seller-row-menu.tsx", "components/ui/dropdown-menu.tsx"],
  },
  "components/draw/draw-screen.tsx": {
    packages: ["@radix-ui/react-dialog", "@radix-ui/react-checkbox", "zod"],
    modules: [
      "components/draw/position-dialog.tsx",
      "components/draw/presentation-dialog.tsx",
      "components/ui/dialog.tsx",
    ],
  },
  "components/voids/voided-numbers-screen.tsx": {
    packages: ["@radix-ui/react-dialog", "@tanstack/react-table", "zod"],
    modules: ["components/voids/unvoid-ticket-dialog.tsx"],
  },
  // Decision 185: the CSV calls on the press, native row checkboxes; the Multiple tab when chosen, the result card once
  // a ticket is found.
  "components/tickets/tickets-screen.tsx": {
    packages: ["zod", "papaparse", "@radix-ui/react-checkbox", "@radix-ui/react-dialog"],
    modules: ["lib/api/tickets-io.ts", "components/ui/checkbox.tsx"],
  },
  "components/register/register-screen.tsx": {
    packages: ["zod", "@radix-ui/react-tabs", "@radix-ui/react-radio-group", "@radix-ui/react-checkbox"],
    modules: [
      "components/register/multiple-registration.tsx",
      "components/register/single-result-card.tsx",
      "components/ui/radio-group.tsx",
      "components/ui/checkbox.tsx",
    ],
  },
};

describe("a screen's static imports leave out what only an action needs", () => {
  it("sees a static import when there is one", () => {
    const { packages, files } = staticallyReached("components/tickets/tickets-screen.tsx");
    expect(packages.has("@tanstack/react-table")).toBe(true);
    expect(files.has(path.join(ROOT, "components/tickets/data-table.tsx"))).toBe(true);
  });

  for (const [entry, excluded] of Object.entries(ACTION_ONLY)) {
    it(entry, () => {
      const { packages, files } = staticallyReached(entry);
      // The walk found the screen's code (a broken walk would pass every exclusion).
      expect(files.size).toBeGreaterThan(3);
      expect(packages.has("react") || packages.has("lucide-react")).toBe(true);
      const found = excluded.packages
        .filter((name) => packages.has(name))
        .map((name) => `${name} (from ${packages.get(name)})`);
      expect(found).toEqual([]);
      expect(excluded.modules.filter((module) => files.has(path.join(ROOT, module)))).toEqual([]);
    });
  }
});
