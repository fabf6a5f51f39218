// npm run users -- <command>
//   add <email> [--admin] [--name "Display Name"]   add to the allow-list
//   list                                            show every user
//   promote <email> | demote <email>                grant or revoke admin
//   disable <email> | enable <email>                block or restore sign-in
// Uses the same services as the API (same rules, audit rows with actor "system:cli"), on the
// database .env.local / .env name, like the server.
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { addUserSchema, emailSchema } from "@/lib/schemas/user";
import { closeDb } from "@/server/db/client";
import { migrate } from "@/server/db/migrate";
import { EnvError, env } from "@/server/env";
import { AppError } from "@/server/http/errors";
import { addUser } from "@/server/users/add-user";
import { listUsers } from "@/server/users/list-users";
import { setUserDisabled } from "@/server/users/set-user-disabled";
import { updateUserRole } from "@/server/users/update-user-role";

const USAGE = `usage: npm run users -- <command>
  add <email> [--admin] [--name "Display Name"]
  list
  promote <email>
  demote <email>
  disable <email>
  enable <email>`;

const CLI_ACTOR = { id: null, email: "system:cli" };

class UsageError extends Error {}

// Same precedence as Next: the shell's variables, then .env.local, then .env.
for (const file of [".env.local", ".env"]) if (existsSync(file)) process.loadEnvFile(file);

function parseEmail(raw: string | undefined) {
  if (!raw) throw new UsageError("an email address is required");
  const parsed = emailSchema.safeParse(raw);
  if (!parsed.success) throw new UsageError(`${parsed.error.issues[0].message}: "${raw}"`);
  return parsed.data;
}

function describe(user: { email: string; isAdmin: boolean; isDisabled: boolean }) {
  return `${user.email} (${user.isAdmin ? "admin" : "user"}${user.isDisabled ? ", disabled" : ""})`;
}

async function run(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      admin: { type: "boolean", default: false },
      name: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, arg] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  env();
  await migrate();
  switch (command) {
    case "add": {
      const email = parseEmail(arg);
      const input = addUserSchema.safeParse({
        email,
        displayName: values.name ?? email.split("@")[0],
        isAdmin: values.admin,
      });
      if (!input.success) throw new UsageError(input.error.issues[0].message);
      const user = await addUser({ ...input.data, actor: CLI_ACTOR });
      console.log(`added ${describe(user)}`);
      return;
    }
    case "list": {
      const users = await listUsers({ actor: CLI_ACTOR });
      if (users.length === 0)
        console.log("no users yet: add the first admin with `npm run users -- add you@example.com --admin`");
      for (const u of users) {
        const flags = [u.is_admin ? "admin" : "user", u.is_disabled ? "disabled" : ""].filter(Boolean).join(", ");
        console.log(`${u.email}\t${flags}\t${u.display_name ?? ""}\tlast login: ${u.last_login ?? "never"}`);
      }
      return;
    }
    case "promote":
    case "demote": {
      const user = await updateUserRole({ email: parseEmail(arg), isAdmin: command === "promote", actor: CLI_ACTOR });
      console.log(`${command === "promote" ? "promoted" : "demoted"}: ${describe(user)}`);
      return;
    }
    case "disable":
    case "enable": {
      const user = await setUserDisabled({ email: parseEmail(arg), disabled: command === "disable", actor: CLI_ACTOR });
      console.log(`${command === "disable" ? "disabled" : "enabled"}: ${describe(user)}`);
      return;
    }
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

let exitCode = 0;
try {
  await run(process.argv.slice(2));
} catch (error) {
  exitCode = 1;
  if (error instanceof UsageError) {
    console.error(`error: ${error.message}\n\n${USAGE}`);
    exitCode = 2;
  } else if (error instanceof AppError || error instanceof EnvError) {
    console.error(`error: ${error.message}`);
  } else if (error instanceof Error && (error as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    console.error(`error: ${error.message}\n\n${USAGE}`);
    exitCode = 2;
  } else {
    console.error(error);
  }
} finally {
  await closeDb();
}
process.exit(exitCode);
