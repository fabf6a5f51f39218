import { afterEach, describe, expect, it } from "vitest";
import { checkDevLoginCode, resetDevLoginCodeTries } from "@/server/auth/dev-login-code";
import { isSecureCookies, sessionCookieConfig, sessionCookieName } from "@/server/auth/cookie-config";
import { resetEnvCache } from "@/server/env";

const saved = { ...process.env };
function useEnv(vars: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
  resetDevLoginCodeTries();
}

afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

describe("the development sign-in's code", () => {
  it("is not asked for when the local run set none", () => {
    useEnv({ AUTH_DEV_LOGIN_CODE: undefined });
    expect(checkDevLoginCode(undefined)).toBe(true);
  });

  it("takes the code however it is typed, and refuses another", () => {
    useEnv({ AUTH_DEV_LOGIN_CODE: "K7QM-3XZ9" });
    expect(checkDevLoginCode("K7QM-3XZ9")).toBe(true);
    expect(checkDevLoginCode(" k7qm 3xz9 ")).toBe(true);
    expect(checkDevLoginCode("K7QM3XZ8")).toBe(false);
    expect(checkDevLoginCode("")).toBe(false);
    expect(checkDevLoginCode(null)).toBe(false);
  });

  it("refuses even the right code after 10 wrong ones in a minute, then forgives", () => {
    useEnv({ AUTH_DEV_LOGIN_CODE: "K7QM-3XZ9" });
    const t = 1_000_000;
    for (let i = 0; i < 10; i++) expect(checkDevLoginCode(`WRONG${i}`, t + i)).toBe(false);
    expect(checkDevLoginCode("K7QM-3XZ9", t + 100)).toBe(false);
    expect(checkDevLoginCode("K7QM-3XZ9", t + 61_000)).toBe(true);
  });
});

describe("cookies over plain http", () => {
  it("are Secure in production unless the server is told it is served over http", () => {
    useEnv({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(40), AUTH_URL: undefined, SERVED_OVER_HTTP: undefined });
    expect(isSecureCookies()).toBe(true);
    useEnv({ SERVED_OVER_HTTP: "true" });
    expect(isSecureCookies()).toBe(false);
    useEnv({ SERVED_OVER_HTTP: undefined, AUTH_URL: "http://127.0.0.1:3000" });
    expect(isSecureCookies()).toBe(false);
  });

  it("the session cookie is __Host- over https (Secure, Path=/, no Domain), plain over http (issue 25 item 12)", () => {
    useEnv({
      NODE_ENV: "production",
      AUTH_SECRET: "x".repeat(40),
      AUTH_URL: "https://raffle.example.org",
      SERVED_OVER_HTTP: undefined,
    });
    expect(sessionCookieName()).toBe("__Host-authjs.session-token");
    expect(sessionCookieConfig()).toEqual({
      name: "__Host-authjs.session-token",
      options: { httpOnly: true, sameSite: "lax", path: "/", secure: true },
    });
    expect(sessionCookieConfig().options).not.toHaveProperty("domain");
    useEnv({ AUTH_URL: "http://127.0.0.1:3000" });
    expect(sessionCookieName()).toBe("authjs.session-token");
    expect(sessionCookieConfig().options.secure).toBe(false);
  });
});
