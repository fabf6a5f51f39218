import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

const base = { NODE_ENV: "development" } as NodeJS.ProcessEnv;

describe("parseEnv", () => {
  it("uses the embedded database by default", () => {
    const env = parseEnv(base);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PGLITE_DIR).toBe("./data");
    expect(env.AUTH_GOOGLE_ISSUER).toBe("https://accounts.google.com");
  });

  it("names a malformed DATABASE_URL in one line", () => {
    expect(() => parseEnv({ ...base, DATABASE_URL: "mysql://x" })).toThrow(
      "Invalid environment: DATABASE_URL must be a postgresql:// connection URL",
    );
  });

  it("reads the mail settings, and names a bad one", () => {
    const env = parseEnv(base);
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBe("Batch 2000 Raffle <no-reply@localhost>");
    expect(env.SMTP_TIMEOUT_MS).toBe(10_000);
    const set = parseEnv({
      ...base,
      SMTP_URL: "smtps://u:p@mail.example.org:465",
      MAIL_FROM: "desk@example.org",
      SMTP_TIMEOUT_MS: "2500",
    });
    expect([set.SMTP_URL, set.MAIL_FROM, set.SMTP_TIMEOUT_MS]).toEqual([
      "smtps://u:p@mail.example.org:465",
      "desk@example.org",
      2500,
    ]);
    expect(() => parseEnv({ ...base, SMTP_URL: "mail.example.org" })).toThrow(
      /^Invalid environment: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => parseEnv({ ...base, MAIL_FROM: "nobody" })).toThrow(
      "MAIL_FROM must be an address, or a name and <address>",
    );
    expect(() => parseEnv({ ...base, SMTP_TIMEOUT_MS: "soon" })).toThrow(/SMTP_TIMEOUT_MS/);
  });

  it("requires AUTH_SECRET in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" } as NodeJS.ProcessEnv)).toThrow(
      "AUTH_SECRET is required in production",
    );
  });

  it("refuses a short AUTH_SECRET", () => {
    expect(() => parseEnv({ ...base, AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET must be at least 32 characters/);
  });

  it("refuses the development sign-in in production unless explicitly allowed", () => {
    const prod = { NODE_ENV: "production", AUTH_SECRET: "x".repeat(40), AUTH_DEV_LOGIN: "true" } as NodeJS.ProcessEnv;
    expect(() => parseEnv(prod)).toThrow(/AUTH_DEV_LOGIN must not be true when NODE_ENV=production/);
    // Allowed, it still needs the local run's sign-in code (the server is reachable on the network).
    expect(() => parseEnv({ ...prod, AUTH_DEV_LOGIN_IN_PRODUCTION: "true" })).toThrow(
      /AUTH_DEV_LOGIN_CODE is required with AUTH_DEV_LOGIN in production/,
    );
    expect(
      parseEnv({ ...prod, AUTH_DEV_LOGIN_IN_PRODUCTION: "true", AUTH_DEV_LOGIN_CODE: "ABCD-EF12" }).AUTH_DEV_LOGIN,
    ).toBe(true);
    expect(() => parseEnv({ ...prod, AUTH_DEV_LOGIN_IN_PRODUCTION: "true", AUTH_DEV_LOGIN_CODE: "1234" })).toThrow(
      /AUTH_DEV_LOGIN_CODE must be 8 letters or digits/,
    );
  });

  it("treats an empty variable as unset", () => {
    const env = parseEnv({
      NODE_ENV: "test",
      DASHBOARD_API_KEY: "",
      AUTH_GOOGLE_ID: "",
      AUTH_GOOGLE_SECRET: "",
      DATABASE_URL: "",
    });
    expect(env.DASHBOARD_API_KEY).toBeUndefined();
    expect(env.AUTH_GOOGLE_ID).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
    expect(() => parseEnv({ NODE_ENV: "production", AUTH_SECRET: "" })).toThrow(
      "Invalid environment: AUTH_SECRET is required in production",
    );
  });

  it("parses ADMIN_EMAILS as a lower-cased list", () => {
    expect(parseEnv({ ...base, ADMIN_EMAILS: " Boss@Example.com, ,second@example.com" }).ADMIN_EMAILS).toEqual([
      "boss@example.com",
      "second@example.com",
    ]);
  });
});
