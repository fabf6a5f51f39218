// The first-load JavaScript of an App Router page, from the production build's manifests: the
// root main files (build-manifest.json) plus the entry chunks of the page and of every layout,
// loading and error boundary above it (the page's client reference manifest), each file gzipped
// (level 9, as a CDN would serve it) and summed. Polyfills load only in browsers without ES
// modules and are left out.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export function firstLoadJs(route: string, distDir = ".next") {
  const build = JSON.parse(readFileSync(path.join(distDir, "build-manifest.json"), "utf8")) as {
    rootMainFiles: string[];
  };
  const manifestFile = path.join(distDir, "server/app", route, "page_client-reference-manifest.js");
  const sandbox = { self: {} as Record<string, any> } as Record<string, any>;
  sandbox.self = sandbox;
  new Function("self", "globalThis", readFileSync(manifestFile, "utf8"))(sandbox, sandbox);
  const manifest = sandbox.__RSC_MANIFEST[`${route}/page`] as { entryJSFiles: Record<string, string[]> };
  // The segments on the way to the page: "/", "/dashboard", "/dashboard/tickets".
  const parts = route.split("/").filter(Boolean);
  const segments = ["", ...parts.map((_, i) => `/${parts.slice(0, i + 1).join("/")}`)];
  const files = new Set(build.rootMainFiles);
  for (const [entry, chunks] of Object.entries(manifest.entryJSFiles)) {
    const match = /^\[project\]\/app(.*)\/(layout|page|loading|error|template|not-found)$/.exec(entry);
    if (!match || !segments.includes(match[1])) continue;
    if (match[2] === "page" && match[1] !== `/${parts.join("/")}`) continue;
    for (const chunk of chunks) files.add(chunk);
  }
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const body = readFileSync(path.join(distDir, file));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
  return { files: [...files], rawKb: kb(raw), gzipKb: kb(gzip) };
}

/** Every dashboard screen's route (a folder of app/dashboard with a page.tsx), for the first-load figures. */
export function dashboardRoutes(appDir = "app"): string[] {
  const routes: string[] = [];
  const walk = (dir: string, route: string) => {
    if (existsSync(path.join(dir, "page.tsx"))) routes.push(route);
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory() && !e.name.startsWith("_") && !e.name.startsWith("["))
        walk(path.join(dir, e.name), `${route}/${e.name}`);
    }
  };
  walk(path.join(appDir, "dashboard"), "/dashboard");
  return routes.sort();
}

/** Issue 28: the first-load JavaScript of every dashboard screen, heaviest first. */
export function dashboardFirstLoadJs(distDir = ".next") {
  return dashboardRoutes()
    .map((route) => ({ route, ...firstLoadJs(route, distDir) }))
    .sort((a, b) => b.gzipKb - a.gzipKb);
}
