import "server-only";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const csv = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

/**
 * Every environment variable the server reads. Documented in .env.example.
 * Parsed once at start (instrumentation.ts) so a bad value stops the server with one line.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "must be a postgresql:// connection URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /**
     * The two-role setup (docs/decisions/062): the role that owns the tables and applies the
     * migrations; DATABASE_URL then names the app's own, lesser role.
     */
    DATABASE_OWNER_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "must be a postgresql:// connection URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    PGLITE_DIR: z.string().min(1).default("./data"),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),

    AUTH_SECRET: z.string().min(32, "must be at least 32 characters (openssl rand -base64 32)").optional(),
    AUTH_URL: z.url().optional(),
    AUTH_TRUST_HOST: bool,
    AUTH_GOOGLE_ID: z.string().min(1).optional(),
    AUTH_GOOGLE_SECRET: z.string().min(1).optional(),
    AUTH_GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
    GOOGLE_MOBILE_CLIENT_IDS: csv,
    AUTH_DEV_LOGIN: bool,
    AUTH_DEV_LOGIN_IN_PRODUCTION: bool,
    /** Set by `npm run local` (new each start): the development sign-in asks for it. */
    AUTH_DEV_LOGIN_CODE: z
      .string()
      .regex(/^[0-9A-Z]{4}-?[0-9A-Z]{4}$/, "must be 8 letters or digits, written XXXX-XXXX")
      .optional(),
    /** Set by `npm run local`: served over plain http (a trusted network), so cookies cannot be Secure. */
    SERVED_OVER_HTTP: bool,
    ADMIN_EMAILS: csv.transform((list) => list.map((e) => e.toLowerCase())),
    DASHBOARD_API_KEY: z.string().min(1).optional(),

    // E-mailed tickets (docs/decisions/045). Unset SMTP_URL: messages are written as .eml files
    // under MAIL_OUTBOX_DIR instead of being sent.
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL (e.g. smtp://user:pass@mail.example.org:587)")
      .optional(),
    MAIL_FROM: z
      .string()
      .regex(/^[^@\s<>]+@[^@\s<>]+$|<[^@\s<>]+@[^@\s<>]+>$/, "must be an address, or a name and <address>")
      .default("Batch 2000 Raffle <no-reply@localhost>"),
    SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /**
     * A CSV export whose reader takes nothing for this long is ended and its database connection given back (issue 25
     * item 11).
     */
    EXPORT_STALL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
    MAIL_OUTBOX_DIR: z.string().min(1).optional(),

    // The raffle's own keys (docs/decisions/052). Each is optional: unset, the app generates it at
    // its first start and keeps it in the database (installation_secrets), so deployments start
    // unchanged. Set them to keep the keys outside the database.
    TICKET_QR_SECRET: z.string().min(32, "must be at least 32 characters (openssl rand -base64 32)").optional(),
    DRAW_SEED_KEY: z
      .string()
      .regex(/^[A-Za-z0-9+/]{43}=$/, "must be 32 bytes in base64 (openssl rand -base64 32)")
      .optional(),
    SIGNING_KEY: z
      .string()
      // One line in an .env file: "\n" stands for a line break.
      .transform((v) => v.replace(/\\n/g, "\n"))
      .pipe(
        z
          .string()
          .regex(
            /-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----/,
            "must be an Ed25519 private key in PKCS#8 PEM (openssl genpkey -algorithm ed25519)",
          ),
      )
      .optional(),
    // Backups (docs/decisions/212): the folder `npm run backup` and the automatic backups write to,
    // and, with AUTO_BACKUP (the local run turns it on), how often and how many automatic ones are kept.
    BACKUP_DIR: z.string().min(1).optional(),
    AUTO_BACKUP: bool,
    BACKUP_EVERY_HOURS: z.coerce
      .number()
      .min(0.01, "must be a number of hours above 0 (e.g. 6)")
      .max(24 * 30)
      .default(6),
    BACKUP_KEEP: z.coerce.number().int().min(1, "must be a whole number of at least 1").max(1000).default(10),
    /** The address printed in QR codes and links buyers open (defaults to AUTH_URL). */
    PUBLIC_BASE_URL: z.url().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "is required in production" });
    }
    if (env.NODE_ENV === "production" && env.AUTH_DEV_LOGIN && !env.AUTH_DEV_LOGIN_IN_PRODUCTION) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_DEV_LOGIN"],
        message: "must not be true when NODE_ENV=production (set AUTH_DEV_LOGIN_IN_PRODUCTION=true to override)",
      });
    }
    if (env.NODE_ENV === "production" && env.AUTH_DEV_LOGIN && !env.AUTH_DEV_LOGIN_CODE) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_DEV_LOGIN_CODE"],
        message: "is required with AUTH_DEV_LOGIN in production (npm run local sets one)",
      });
    }
    if (Boolean(env.AUTH_GOOGLE_ID) !== Boolean(env.AUTH_GOOGLE_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.AUTH_GOOGLE_ID ? "AUTH_GOOGLE_SECRET" : "AUTH_GOOGLE_ID"],
        message: "AUTH_GOOGLE_ID and AUTH_GOOGLE_SECRET must be set together",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EnvError";
  }
}

/** One line naming each bad variable, e.g. `Invalid environment: DATABASE_URL must be ...`. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // `KEY=` in a .env file or an emptied variable means "not set", as in .env.example.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "environment"} ${issue.message}`);
  throw new EnvError(`Invalid environment: ${problems.join("; ")}`);
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** Tests change process.env between suites. */
export function resetEnvCache() {
  cached = undefined;
}
