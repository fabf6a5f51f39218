// Issue 28, decision 179: what a person needs only when they act (open a row menu, a
// presentation or a position dialog) must be reached from the screen's module by dynamic
// `import()` alone, and a plain list of options needs no Radix Select. This walks the project's
// static imports from a screen's module (`import type` and `import()` are not followed) and fails
// if a package or module that only an action needs is reached, rather than only in the measured kB.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "..");
// `import … from "x"` and `export … from "x"` (not `import type`/`export type`), and `import "x"`.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?["']([^"']+)["']/gms;

function resolveModule(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : undefined;
  if (!base) return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
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
    const source = fs.readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
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
  "components/dashboard/dashboard-shell.tsx": {
    packages: ["@radix-ui/react-dropdown-menu", "@radix-ui/react-dialog"],
    modules: ["components/dashboard/account-menu-popup.tsx"],
  },
  "components/analytics/analytics-screen.tsx": {
    packages: ["@radix-ui/react-select", "papaparse"],
    modules: ["components/ui/select.tsx"],
  },
  "components/remittances/remittances-screen.tsx": {
    packages: ["@radix-ui/react-dropdown-menu", "@radix-ui/react-dialog", "@radix-ui/react-select", "zod"],
    modules: ["components/remittances/seller-row-menu.tsx", "components/ui/dropdown-menu.tsx"],
  },
  "components/draw/draw-screen.tsx": {
    packages: ["@radix-ui/react-dialog", "@radix-ui/react-checkbox", "zod"],
    modules: ["components/draw/position-dialog.tsx", "components/draw/presentation-dialog.tsx", "components/ui/dialog.tsx"],
  },
  "components/voids/voided-numbers-screen.tsx": {
    packages: ["@radix-ui/react-dialog", "@tanstack/react-table", "zod"],
    modules: ["components/voids/unvoid-ticket-dialog.tsx"],
  },
};

describe("a screen's static imports leave out the menus and dialogs it opens on use", () => {
  for (const [entry, excluded] of Object.entries(ACTION_ONLY)) {
    it(entry, () => {
      const { packages, files } = staticallyReached(entry);
      expect(files.size).toBeGreaterThan(3);
      expect(packages.has("react") || packages.has("lucide-react")).toBe(true);
      const found = excluded.packages.filter((name) => packages.has(name)).map((name) => `${name} (from ${packages.get(name)})`);
      expect(found).toEqual([]);
      expect(excluded.modules.filter((module) => files.has(path.join(ROOT, module)))).toEqual([]);
    });
  }
});
