// The route files under app/api and the HTTP methods each exports, read from their sources: the
// authorization matrix and the response-contract index both check that every method has a row.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Method } from "@/tests/authz/types";

const ROOT = process.cwd();
export const METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export interface RouteFile {
  /** The route as its folder path under app/, e.g. "/api/tickets/[id]". */
  route: string;
  file: string;
  methods: Method[];
}

function findRouteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return findRouteFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** The HTTP methods a route file exports, read from its source. */
export function exportedMethods(source: string): Method[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:const|let|async\s+function|function)\s+([A-Z]+)\b/g)) names.add(m[1]);
  for (const m of source.matchAll(/export\s+const\s*\{([^}]*)\}\s*=/g)) {
    for (const part of m[1].split(",")) names.add(part.split(":").pop()!.trim());
  }
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1].split(","))
      names.add(
        part
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
      );
  }
  return METHODS.filter((method) => names.has(method));
}

export function discoverRoutes(): RouteFile[] {
  return findRouteFiles(path.join(ROOT, "app", "api")).map((file) => ({
    file,
    route: "/" + path.relative(path.join(ROOT, "app"), path.dirname(file)).split(path.sep).join("/"),
    methods: exportedMethods(readFileSync(file, "utf8")),
  }));
}
