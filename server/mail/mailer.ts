import "server-only";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env, type Env } from "@/server/env";
import { AppError } from "@/server/http/errors";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type Delivery = { via: "smtp"; messageId: string } | { via: "file"; messageId: string; file: string };

/**
 * Where messages go when no SMTP server is configured: MAIL_OUTBOX_DIR, else `outbox/` in the
 * embedded database's folder (`./data/outbox` for the README's local run).
 */
export function outboxDir(e: Env = env()): string {
  if (e.MAIL_OUTBOX_DIR) return path.resolve(e.MAIL_OUTBOX_DIR);
  const dataDir = e.PGLITE_DIR.startsWith("memory://") ? "./data" : e.PGLITE_DIR;
  return path.resolve(dataDir, "outbox");
}

/**
 * Deletes the `.eml` messages of the outbox folder (the purge of personal data, decision 171: each
 * holds a buyer's name, e-mail and ticket). Other files are left alone. Answers how many went.
 */
export async function clearOutbox(e: Env = env()): Promise<number> {
  const dir = outboxDir(e);
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw new AppError("internal", `The outbox folder (${dir}) could not be read`, { cause: error });
  });
  const messages = names.filter((name) => name.endsWith(".eml"));
  for (const name of messages) {
    await rm(path.join(dir, name), { force: true }).catch((error: unknown) => {
      throw new AppError("internal", `The outbox message ${name} could not be deleted`, { cause: error });
    });
  }
  return messages.length;
}

/** The SMTP server named without its credentials, for messages and logs. */
function serverLabel(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return `${url.hostname}:${url.port || (url.protocol === "smtps:" ? "465" : "587")}`;
  } catch {
    return "the mail server";
  }
}

/** A user-facing cause for a failed SMTP exchange: what went wrong, never the credentials. */
export function describeSmtpFailure(error: unknown, server: string, timeoutMs: number): string {
  const e = (error ?? {}) as { code?: string; responseCode?: number; response?: string; message?: string };
  const seconds = `${Math.round(timeoutMs / 100) / 10} s`;
  if (e.code === "ETIMEDOUT" || e.code === "ETIMEOUT" || /timeout|timed out/i.test(e.message ?? "")) {
    return `The mail server (${server}) did not answer within ${seconds}`;
  }
  if (e.code === "ECONNREFUSED" || /ECONNREFUSED/.test(e.message ?? ""))
    return `The mail server (${server}) refused the connection`;
  if (e.code === "EDNS" || /ENOTFOUND|EAI_AGAIN/.test(e.message ?? ""))
    return `The mail server's host name (${server}) could not be resolved`;
  if (e.code === "EAUTH") return `The mail server (${server}) refused the sign-in`;
  if (e.code === "ETLS" || e.code === "ESOCKET" || e.code === "ECONNECTION") {
    return `The connection to the mail server (${server}) failed${e.message ? `: ${e.message.split("\n")[0]}` : ""}`;
  }
  if (e.responseCode)
    return `The mail server (${server}) refused the message: ${(e.response ?? String(e.responseCode)).split("\n")[0]}`;
  return `The mail server (${server}) could not be used${e.message ? `: ${e.message.split("\n")[0]}` : ""}`;
}

async function sendOverSmtp(mail: OutgoingMail, e: Env & { SMTP_URL: string }): Promise<Delivery> {
  const timeoutMs = e.SMTP_TIMEOUT_MS;
  const server = serverLabel(e.SMTP_URL);
  const transport = nodemailer.createTransport({
    url: e.SMTP_URL,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  } as nodemailer.TransportOptions);
  let timer: NodeJS.Timeout | undefined;
  // Each SMTP step has its own timeout above; this one bounds the whole exchange, so a server
  // that answers slowly at every step still cannot hold the request.
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("timed out"), { code: "ETIMEDOUT" })), timeoutMs * 2);
  });
  try {
    const info = (await Promise.race([transport.sendMail({ from: e.MAIL_FROM, ...mail }), deadline])) as {
      messageId: string;
    };
    return { via: "smtp", messageId: info.messageId };
  } catch (error) {
    throw new AppError("mail_failed", describeSmtpFailure(error, server, timeoutMs), { cause: error });
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}

async function writeToOutbox(mail: OutgoingMail, e: Env, fileStem: string): Promise<Delivery> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = (await transport.sendMail({ from: e.MAIL_FROM, ...mail })) as { messageId: string; message: Buffer };
  const dir = outboxDir(e);
  const safeStem = fileStem.replace(/[^A-Za-z0-9._-]+/g, "_");
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeStem}.eml`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(file, info.message);
  } catch (error) {
    throw new AppError("mail_failed", `The message could not be written to the outbox folder (${dir})`, {
      cause: error,
    });
  }
  // The recipient is a buyer's e-mail: never in the server log (issue 37); the file names the ticket.
  console.info(`[mail] SMTP_URL is not set: the message was written to ${file}`);
  return { via: "file", messageId: info.messageId, file };
}

/**
 * Sends one message over SMTP_URL, or writes it as an .eml file when no SMTP server is
 * configured. A failure or a timeout is a 502 `mail_failed` naming the cause.
 */
export async function deliverMail(mail: OutgoingMail, options: { fileStem: string }): Promise<Delivery> {
  const e = env();
  if (e.SMTP_URL) return sendOverSmtp(mail, { ...e, SMTP_URL: e.SMTP_URL });
  return writeToOutbox(mail, e, options.fileStem);
}
