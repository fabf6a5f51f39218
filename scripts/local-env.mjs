// Prepares .env.local for a first local run: a random AUTH_SECRET and the development
// sign-in (no Google credentials needed). Never overwrites an existing file.
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";

if (!existsSync(".env.local")) {
  writeFileSync(
    ".env.local",
    [
      "# Written by `npm run local` for local use only. See .env.example for every variable.",
      `AUTH_SECRET=${randomBytes(32).toString("base64")}`,
      "AUTH_DEV_LOGIN=true",
      "ADMIN_EMAILS=admin@example.com",
      "",
    ].join("\n"),
  );
  console.log("wrote .env.local (development sign-in enabled; first admin: admin@example.com)");
}
