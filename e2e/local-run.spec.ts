// `npm run local` (scripts/local.mjs) as a second staff laptop meets it (issue 26): opened at
// another address of this machine than localhost/127.0.0.1, over plain http, a browser signs in
// with the code the script printed and the Overview's four figures appear. That other address is
// the loopback alias 127.0.0.2, never a LAN address (tests send traffic to 127.0.0.0/8 only,
// issue 39): the server listens on every address, so the alias reaches it, and it is a different
// origin, with a host the app must take from the request (no AUTH_URL), as a LAN address would be.
// It reuses the production build the suite runs on (`npm run test:e2e` builds it first): the
// script must say the build is current, or it would spend minutes building. The script starts its own server, so plain
// Playwright, not ./fixtures.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "./browser-test";
// @ts-expect-error: a plain ES module script, no types
import { sourceFingerprint } from "../scripts/local.mjs";
import { statValue } from "./stats-pages";

const ROOT = path.resolve(fileURLToPath(import.meta.url), "..", "..");
const STAMP_FILE = path.join(ROOT, ".next", "local-run-build.json");
const SETTINGS_FILE = path.join(ROOT, "local-run.env");
const PORT = Number(process.env.E2E_PORT ?? 3100) + 30;
/** "Another address of this machine": a loopback alias, a different origin from localhost. */
const OTHER_ADDRESS = "127.0.0.2";

/** Restores a file as it was (or removes it if it was not there) when the test ends. */
function keep(file: string) {
  const before = existsSync(file) ? readFileSync(file) : null;
  return () => (before === null ? rmSync(file, { force: true }) : writeFileSync(file, before));
}

test(
  "npm run local serves its build at another address of this machine, and the printed code signs " + "in over http",
  async ({ page }) => {
    test.skip(
      !existsSync(path.join(ROOT, ".next", "BUILD_ID")),
      "no production build (npm run test:e2e makes one first)",
    );
    test.setTimeout(90_000);
    // The build in .next is of these sources (the suite's own `next build`): stamp it as the local run
    // stamps its builds, and put back whatever stamp and settings a developer's own local run left.
    const restore = [keep(STAMP_FILE), keep(SETTINGS_FILE)];
    writeFileSync(
      STAMP_FILE,
      JSON.stringify({ hash: sourceFingerprint(ROOT).hash, builtAt: new Date().toISOString() }),
    );

    // No AUTH_URL: the local run takes the host from the request.
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== "AUTH_URL"));
    const env = {
      ...inherited,
      NODE_ENV: "production" as const,
      PORT: String(PORT),
      PGLITE_DIR: "memory://",
      DATABASE_URL: "",
    };
    let output = "";
    const local: ChildProcess = spawn(process.execPath, [path.join(ROOT, "scripts", "local.mjs")], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    local.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    local.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect
        .poll(() => /^Sign-in code: (\S+)$/m.test(output) || local.exitCode !== null, { timeout: 30_000 })
        .toBe(true);
      expect(output, output).toMatch(/^Build is current: no source changed since /m);
      // The address list: localhost first, then each of the machine's IPv4 addresses (which ones is
      // scripts/local.test.ts's matter: lanAddresses on a given interface table).
      const listed = [...output.matchAll(/^ {2}http:\/\/(\S+):(\d+)$/gm)];
      expect(listed[0]?.[1], "the address list it prints").toBe("localhost");
      for (const [line, host, port] of listed)
        expect([host, port], line).toEqual([expect.stringMatching(/^(localhost|\d+\.\d+\.\d+\.\d+)$/), String(PORT)]);
      const code = /^Sign-in code: ([0-9A-Z]{4}-[0-9A-Z]{4})$/m.exec(output)?.[1];
      expect(code, output).toBeTruthy();
      const admin = /^ADMIN_EMAILS=([^,\s]+)/m.exec(readFileSync(SETTINGS_FILE, "utf8"))![1];

      const origin = `http://${OTHER_ADDRESS}:${PORT}`;
      await expect
        .poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status, {
          timeout: 30_000,
          message: `health at ${origin}\n${output}`,
        })
        .toBe(200);
      await page.goto(`${origin}/login`);
      await page.getByLabel("Email").fill(admin);
      await page.getByLabel("Sign-in code").fill(code!);
      await page.getByRole("button", { name: "Sign in (development)" }).click();
      await expect(page).toHaveURL(`${origin}/dashboard/overview`);
      // Were the cookies Secure (production's default), a browser at a LAN address would drop them
      // on its http origin (Chromium trusts loopback, so the flag itself is what this checks): no
      // session cookie there, and every API call of the Overview would be refused.
      const session = (await page.context().cookies()).find((c) => c.name.endsWith("authjs.session-token"));
      expect(session, "the session cookie").toMatchObject({ name: "authjs.session-token", secure: false });
      // The client JavaScript runs at this address: the four figures load from the API (an empty database).
      for (const title of ["Total Tickets", "Registered", "Unregistered"])
        await expect(statValue(page, title)).toHaveText("0");
      await expect(statValue(page, "Total Revenue")).toHaveText("₱0.00");
    } finally {
      // local.mjs passes SIGTERM on to the server it started; the group catches anything left.
      const exited = new Promise((resolve) => (local.exitCode !== null ? resolve(null) : local.once("exit", resolve)));
      try {
        process.kill(-local.pid!, "SIGTERM");
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      for (const put of restore) put();
    }
  },
);
