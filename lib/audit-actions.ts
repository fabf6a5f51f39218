// Every action the audit log records, in one list. Each entry says what the Activity Log calls it
// (label), what kind of thing it is about (entity, stored as entity_type), what its row records
// (detail: a schema of its before and after JSON) and the sentence the Activity Log shows for it.
// A server writer names its action from this list (server/audit.ts types `before`/`after` by the
// detail schema) and the screen renders it from here (lib/activity.ts), so adding an action is one
// entry below. A row whose action is not listed (written by a newer version, or an old name)
// still shows, under its own name, with a plain sentence and its details as recorded.
// Decision: docs/decisions/076-audit-actions.md.
import { z } from "zod";
import { maskName } from "@/lib/mask";
import { voidReasonLabel } from "@/lib/voids";

/**
 * A row as the sentence reads it: who (a name, an address or "System"), about what (a control number, an address, a
 * range).
 */
export interface SentenceInput<Detail> {
  actor: string;
  subject: string;
  detail: Detail;
}

interface AuditActionSpec<Entity extends string, Detail extends z.ZodType> {
  /** The Activity Log's name for it (the badge and the Action filter). */
  label: string;
  /** Stored as the row's entity_type. */
  entity: Entity;
  /** What the row's `before` and `after` hold. */
  detail: Detail;
  /** One sentence, names masked ('Ana registered B2K-123-00042 to J*** D***'). */
  sentence: (row: SentenceInput<z.output<Detail>>) => string;
}

const defineAction = <const Entity extends string, Detail extends z.ZodType>(spec: AuditActionSpec<Entity, Detail>) =>
  spec;

// The snapshots rows carry. Loose: a row keeps whatever columns existed when it was written, and
// only the fields a sentence reads are required.
const nullableText = z.string().nullish();

/** A ticket as `to_jsonb(tickets)` writes it (the SQL writers), or the fields a service copies. */
const ticketSnapshot = z.looseObject({
  control_number: z.string(),
  buyer_name: nullableText,
  registered_at: nullableText,
});

/** The buyer's fields a registration records before and after (server/tickets/register-ticket.ts). */
const buyerSnapshot = z.looseObject({
  buyer_name: nullableText,
  status: nullableText,
});

/** A user as server/users/serialize-user.ts `auditSnapshot` writes it. */
const userSnapshot = z.looseObject({
  email: z.string(),
  displayName: nullableText,
  isAdmin: z.boolean(),
  isDisabled: z.boolean(),
});

const attachmentSnapshot = z.looseObject({
  file_name: z.string(),
  control_number: nullableText,
  ticket_id: z.string(),
});
const ticketOf = (attachment: { control_number?: string | null }) => attachment.control_number ?? "a ticket";

/** A prize as server/prizes/prizes.ts serializes it. */
const prizeSnapshot = z.looseObject({ rank: z.number(), name: z.string() });

/** Numbers as [first, last] runs (lib/ticket-number.ts `toRanges`). */
const numberRanges = z.array(z.tuple([z.number(), z.number()]));

const onlyAfter = <T extends z.ZodType>(after: T) => z.object({ after });
const onlyBefore = <T extends z.ZodType>(before: T) => z.object({ before });
const beforeAndAfter = <T extends z.ZodType>(snapshot: T) => z.object({ before: snapshot, after: snapshot });

/** "to J*** D***", or nothing for a ticket with no buyer. */
const toBuyer = (name: string | null | undefined, word = "to") => {
  const masked = maskName(name);
  return masked ? ` ${word} ${masked}` : "";
};

const countOf = (ranges: [number, number][]) => ranges.reduce((sum, [first, last]) => sum + last - first + 1, 0);
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The settings' names as the Settings screen shows them. */
const SETTING_NAMES: Record<string, string> = {
  site_name: "site name",
  site_description: "site description",
  ticket_price: "ticket price",
  max_ticket_limit: "maximum ticket limit",
  email_notifications: "e-mail notifications",
  sms_notifications: "SMS notifications",
  push_notifications: "push notifications",
  require_email_verification: "e-mail verification",
  enable_two_factor: "two-factor authentication",
  session_timeout: "session timeout",
  api_rate_limit: "API rate limit",
  enable_api_logging: "API logging",
  primary_color: "primary color",
  dark_mode: "dark mode",
  restrict_sales_to_allocations: "restriction of sales to allocated stubs",
  cash_on_hand_alert: "cash on hand alert",
  permit_number: "permit number",
  draw_at: "draw date and time",
  venue: "venue",
  attachment_storage_limit_mb: "attachment storage limit",
  email_hourly_limit: "e-mail hourly limit",
  retention_months: "retention period",
};

const listed = (items: string[]) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

/** '₱1,250.00' from an amount string the remittance services record ('1250.00'). */
const peso = (amount: string) => {
  const [whole, cents = "00"] = amount.replace(/^-/, "").split(".");
  return `${amount.startsWith("-") ? "-" : ""}₱${Number(whole).toLocaleString("en-US")}.${cents.padEnd(2, "0")}`;
};
const remittanceSnapshot = z.looseObject({
  receipt_number: z.number(),
  seller: z.string(),
  amount: z.string(),
  method: z.string(),
});

const SIGN_IN_METHODS: Record<string, string> = {
  google: "with Google",
  "google-id-token": "from the mobile app",
  "dev-login": "with the development sign-in",
};

/** Why a sign-in was refused (auth.sign_in_failed; docs/decisions/064). */
export const SIGN_IN_FAILURE_REASONS = {
  not_allowed: "not on the allow-list",
  disabled: "the account is disabled",
  bad_token: "the Google token was not valid",
  other_account: "another Google account",
} as const;
export type SignInFailureReason = keyof typeof SIGN_IN_FAILURE_REASONS;

export const AUDIT_ACTIONS = {
  "ticket.generate": defineAction({
    label: "Generated ticket",
    entity: "ticket",
    detail: onlyAfter(ticketSnapshot),
    sentence: ({ actor, subject, detail }) => `${actor} generated ${subject}${toBuyer(detail.after.buyer_name, "for")}`,
  }),
  "ticket.custom_range": defineAction({
    label: "Generated custom range",
    entity: "ticket_range",
    detail: onlyAfter(z.looseObject({ userId: nullableText, created: numberRanges, skipped: numberRanges })),
    sentence: ({ actor, subject, detail }) => {
      const skipped = countOf(detail.after.skipped);
      return (
        `${actor} generated ${plural(countOf(detail.after.created), "unregistered ticket")} in the ` +
        `range ${subject}${skipped ? ` (${plural(skipped, "number")} already taken)` : ""}`
      );
    },
  }),
  "ticket.import": defineAction({
    label: "Imported tickets",
    entity: "ticket_import",
    detail: onlyAfter(
      z.looseObject({
        total: z.number(),
        created: numberRanges,
        registered: numberRanges,
        skipped: z.number(),
        errors: z.number(),
      }),
    ),
    sentence: ({ actor, detail }) => {
      const { created, registered, skipped, errors } = detail.after;
      const changes = [
        [countOf(created), "new ticket"],
        [countOf(registered), "registration"],
      ] as const;
      const done = changes.filter(([n]) => n > 0).map(([n, what]) => plural(n, what));
      const notes = [
        skipped ? `${plural(skipped, "row")} skipped` : "",
        errors ? plural(errors, "row") + " with errors" : "",
      ].filter(Boolean);
      return (
        `${actor} imported ${done.length ? listed(done) : "nothing new"} from a ` +
        `CSV file${notes.length ? ` (${notes.join(", ")})` : ""}`
      );
    },
  }),
  "ticket.update": defineAction({
    label: "Edited ticket",
    entity: "ticket",
    detail: beforeAndAfter(ticketSnapshot),
    sentence: ({ actor, subject, detail }) =>
      !detail.before.registered_at && detail.after.registered_at
        ? `${actor} edited ${subject} and registered it${toBuyer(detail.after.buyer_name)}`
        : `${actor} edited ${subject}`,
  }),
  "ticket.register": defineAction({
    label: "Registered ticket",
    entity: "ticket",
    // No "before" when the ticket was created already sold (an import's sold row, decision 215):
    // there was no ticket to describe.
    detail: z.object({ before: buyerSnapshot.nullish(), after: buyerSnapshot }),
    sentence: ({ actor, subject, detail }) => `${actor} registered ${subject}${toBuyer(detail.after.buyer_name)}`,
  }),
  "ticket.delete": defineAction({
    label: "Deleted ticket",
    entity: "ticket",
    detail: onlyBefore(ticketSnapshot),
    sentence: ({ actor, subject, detail }) =>
      `${actor} deleted ` +
      `${subject}${detail.before.registered_at ? `, registered${toBuyer(detail.before.buyer_name)}` : ""}`,
  }),
  "ticket.void": defineAction({
    label: "Voided ticket",
    entity: "ticket",
    detail: onlyAfter(
      z.looseObject({ control_number: z.string(), reason: z.string(), note: nullableText, was_sold: z.boolean() }),
    ),
    sentence: ({ actor, subject, detail }) =>
      `${actor} voided ${subject} ` +
      `(${voidReasonLabel(detail.after.reason)})${detail.after.was_sold ? ", taking its sale out of the figures" : ""}`,
  }),
  "ticket.unvoid": defineAction({
    label: "Unvoided ticket",
    entity: "ticket",
    detail: z.object({
      before: z.looseObject({ reason: nullableText }),
      after: z.looseObject({ control_number: z.string(), reason: z.string() }),
    }),
    sentence: ({ actor, subject, detail }) =>
      `${actor} unvoided ${subject}, voided as ${voidReasonLabel(detail.before.reason)}: ${detail.after.reason}`,
  }),
  "payment.reference_confirmed": defineAction({
    label: "Reused bank reference",
    entity: "payment",
    detail: onlyAfter(z.looseObject({ reference: z.string(), earlierControlNumber: nullableText })),
    sentence: ({ actor, detail }) =>
      `${actor} confirmed bank reference ${detail.after.reference} ` +
      `again${detail.after.earlierControlNumber ? ` (first used for ${detail.after.earlierControlNumber})` : ""}`,
  }),
  "payment.add_tickets": defineAction({
    label: "Added to another buyer's payment",
    entity: "payment",
    detail: onlyAfter(z.looseObject({ reason: z.string(), payerName: nullableText, buyerName: nullableText })),
    sentence: ({ actor, detail }) =>
      `${actor} added tickets${toBuyer(detail.after.buyerName, "of")} to the ` +
      `payment${toBuyer(detail.after.payerName, "of")}: ${detail.after.reason}`,
  }),
  "ticket.email": defineAction({
    label: "E-mailed ticket",
    entity: "ticket",
    // `to` is null once the purge masked it (docs/decisions/147).
    detail: onlyAfter(z.looseObject({ control_number: z.string(), to: nullableText, via: z.string() })),
    sentence: ({ actor, subject, detail }) =>
      `${actor} e-mailed ${subject} to the buyer${detail.after.via === "file" ? " (saved to the outbox folder)" : ""}`,
  }),
  "ticket.qr_replace": defineAction({
    label: "Replaced verify code",
    entity: "ticket",
    detail: z.object({
      before: z.looseObject({ control_number: z.string(), qr_version: z.number() }),
      after: z.looseObject({ control_number: z.string(), qr_version: z.number(), reason: z.string() }),
    }),
    sentence: ({ actor, detail }) =>
      `${actor} replaced the verify code of ${detail.after.control_number} ` +
      `(earlier stubs no longer verify): ${detail.after.reason}`,
  }),
  "tickets.print": defineAction({
    label: "Printed stubs",
    entity: "print_job",
    detail: onlyAfter(
      z.looseObject({
        ticket_count: z.number(),
        reprint_count: z.number(),
        numbers: numberRanges,
        paper: z.string(),
        layout: z.string(),
        order: z.string(),
      }),
    ),
    sentence: ({ actor, detail }) => {
      const { ticket_count, reprint_count, numbers, paper, layout, order } = detail.after;
      const first = numbers[0]?.[0];
      const last = numbers[numbers.length - 1]?.[1];
      const span =
        first === undefined
          ? ""
          : first === last
            ? ` (${String(first).padStart(5, "0")})`
            : ` (${String(first).padStart(5, "0")}–${String(last).padStart(5, "0")})`;
      const reprints = reprint_count ? `, ${plural(reprint_count, "reprint")}` : "";
      return (
        `${actor} printed ${plural(ticket_count, "ticket stub")}${span} ` +
        `on ${paper === "letter" ? "Letter" : "A4"}, ${layout === "10-up" ? "10" : "5"} a ` +
        `page, ${order}${reprints}`
      );
    },
  }),
  "attachment.upload": defineAction({
    label: "Attached file",
    entity: "ticket_attachment",
    detail: onlyAfter(attachmentSnapshot),
    sentence: ({ actor, detail }) => `${actor} attached ${detail.after.file_name} to ${ticketOf(detail.after)}`,
  }),
  "attachment.delete": defineAction({
    label: "Deleted attachment",
    entity: "ticket_attachment",
    detail: onlyBefore(attachmentSnapshot),
    sentence: ({ actor, detail }) => `${actor} deleted ${detail.before.file_name} from ${ticketOf(detail.before)}`,
  }),
  "user.create": defineAction({
    label: "Added user",
    entity: "user",
    detail: onlyAfter(userSnapshot),
    sentence: ({ actor, subject, detail }) =>
      `${actor} added ${subject}${detail.after.isAdmin ? " as an administrator" : ""}`,
  }),
  "user.promote": defineAction({
    label: "Granted admin access",
    entity: "user",
    detail: beforeAndAfter(userSnapshot),
    sentence: ({ actor, subject }) => `${actor} made ${subject} an administrator`,
  }),
  "user.demote": defineAction({
    label: "Removed admin access",
    entity: "user",
    detail: beforeAndAfter(userSnapshot),
    sentence: ({ actor, subject }) => `${actor} removed administrator access from ${subject}`,
  }),
  "user.disable": defineAction({
    label: "Disabled user",
    entity: "user",
    detail: beforeAndAfter(userSnapshot),
    sentence: ({ actor, subject }) => `${actor} disabled ${subject}`,
  }),
  "user.enable": defineAction({
    label: "Enabled user",
    entity: "user",
    detail: beforeAndAfter(userSnapshot),
    sentence: ({ actor, subject }) => `${actor} enabled ${subject}`,
  }),
  "user.delete": defineAction({
    label: "Deleted user",
    entity: "user",
    detail: onlyBefore(userSnapshot),
    sentence: ({ actor, subject }) => `${actor} deleted ${subject}`,
  }),
  "user.sign_in": defineAction({
    label: "Signed in",
    entity: "user",
    detail: onlyAfter(z.looseObject({ method: z.string() })),
    sentence: ({ actor, detail }) =>
      `${actor} signed in${SIGN_IN_METHODS[detail.after.method] ? ` ${SIGN_IN_METHODS[detail.after.method]}` : ""}`,
  }),
  "user.google_link_reset": defineAction({
    label: "Reset Google link",
    entity: "user",
    detail: beforeAndAfter(userSnapshot),
    sentence: ({ actor, subject }) => `${actor} reset the Google account link of ${subject}`,
  }),
  "auth.session_end": defineAction({
    label: "Ended a session",
    entity: "session",
    detail: z.object({
      before: z.looseObject({ kind: z.string() }),
      after: z.looseObject({ current: z.boolean() }),
    }),
    sentence: ({ actor, detail }) =>
      `${actor} ended ` +
      (detail.after.current
        ? "their current session (signed out)"
        : `one of their other sessions (${detail.before.kind === "bearer" ? "the mobile app" : "a browser"})`),
  }),
  "auth.sign_in_failed": defineAction({
    label: "Sign-in refused",
    entity: "sign_in",
    detail: onlyAfter(z.looseObject({ reason: z.string(), method: nullableText })),
    sentence: ({ subject, detail }) =>
      `Sign-in refused ` +
      `for ${subject}: ${SIGN_IN_FAILURE_REASONS[detail.after.reason as SignInFailureReason] ?? detail.after.reason}`,
  }),
  "settings.update": defineAction({
    label: "Changed settings",
    entity: "settings",
    detail: beforeAndAfter(z.record(z.string(), z.unknown())),
    sentence: ({ actor, detail }) => {
      // In the Settings screen's order (a jsonb row keeps its keys in its own order).
      const order = Object.keys(SETTING_NAMES);
      const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
      const names = Object.keys(detail.after)
        .sort((a, b) => rank(a) - rank(b))
        .map((key) => SETTING_NAMES[key] ?? key);
      return names.length ? `${actor} changed the ${listed(names)}` : `${actor} saved the settings`;
    },
  }),
  // The draw (issue 23, docs/decisions/105-109).
  "prize.create": defineAction({
    label: "Added prize",
    entity: "prize",
    detail: onlyAfter(prizeSnapshot),
    sentence: ({ actor, detail }) => `${actor} added prize ${detail.after.rank}: ${detail.after.name}`,
  }),
  "prize.update": defineAction({
    label: "Changed prize",
    entity: "prize",
    detail: beforeAndAfter(prizeSnapshot),
    sentence: ({ actor, detail }) => `${actor} changed prize ${detail.after.rank}: ${detail.after.name}`,
  }),
  "prize.delete": defineAction({
    label: "Removed prize",
    entity: "prize",
    detail: onlyBefore(prizeSnapshot),
    sentence: ({ actor, detail }) => `${actor} removed prize ${detail.before.rank}: ${detail.before.name}`,
  }),
  "raffle.close_sales": defineAction({
    label: "Closed sales",
    entity: "raffle",
    detail: onlyAfter(z.looseObject({ overrides: z.array(z.looseObject({ item: z.string(), reason: z.string() })) })),
    sentence: ({ actor, detail }) =>
      `${actor} closed sales` +
      (detail.after.overrides.length
        ? `, overriding ${listed(detail.after.overrides.map((o) => `${o.item} (${o.reason})`))}`
        : ""),
  }),
  // Close-out (issue 24, docs/decisions/130-133).
  "raffle.close": defineAction({
    label: "Closed raffle",
    entity: "raffle",
    detail: onlyAfter(z.looseObject({ status: z.string() })),
    sentence: ({ actor }) => `${actor} closed the raffle: its records are read-only`,
  }),
  "raffle.reopen": defineAction({
    label: "Reopened raffle",
    entity: "raffle",
    detail: onlyAfter(z.looseObject({ status: z.string(), reason: z.string() })),
    sentence: ({ actor, detail }) => `${actor} reopened the raffle: ${detail.after.reason}`,
  }),
  "raffle.archive": defineAction({
    label: "Downloaded archive",
    entity: "raffle",
    // includeAttachments: since decision 146 (older rows lack it: no attachments then).
    detail: onlyAfter(
      z.looseObject({
        sha256: z.string(),
        sizeBytes: z.number(),
        status: z.string(),
        includeAttachments: z.boolean().optional(),
      }),
    ),
    sentence: ({ actor, detail }) =>
      `${actor} downloaded the raffle's ` +
      `archive${detail.after.includeAttachments ? " with its attachments" : ""} ` +
      `(SHA-256 ${detail.after.sha256.slice(0, 12)}…)`,
  }),
  "raffle.backup": defineAction({
    label: "Downloaded backup",
    entity: "raffle",
    detail: onlyAfter(z.looseObject({ file: z.string(), sizeBytes: z.number() })),
    sentence: ({ actor, detail }) => `${actor} downloaded the database backup ${detail.after.file}`,
  }),
  "raffle.purge": defineAction({
    label: "Purged personal data",
    entity: "raffle",
    // evidenceFiles and auditRows since decision 147 (older rows lack them).
    detail: onlyAfter(
      z.looseObject({
        tickets: z.number(),
        payments: z.number(),
        attachments: z.number(),
        evidenceFiles: z.number().optional(),
        statementLines: z.number().optional(),
        auditRows: z.number().optional(),
        outboxMessages: z.number().optional(),
      }),
    ),
    sentence: ({ actor, detail }) =>
      `${actor} removed buyers' personal ` +
      (`data: ${plural(detail.after.tickets, "ticket")}, ` +
        `${plural(detail.after.payments, "payment")}, ` +
        `${plural(detail.after.attachments, "attachment")}`) +
      (detail.after.evidenceFiles ? `, ${plural(detail.after.evidenceFiles, "evidence file")}` : "") +
      (detail.after.statementLines ? `, ${plural(detail.after.statementLines, "statement line")} cleared` : "") +
      (detail.after.auditRows ? `, ${plural(detail.after.auditRows, "audit row")} masked` : "") +
      `${detail.after.outboxMessages ? `, ${plural(detail.after.outboxMessages, "outbox message")} deleted` : ""}`,
  }),
  "draw.commit": defineAction({
    label: "Committed draw",
    entity: "draw",
    detail: onlyAfter(
      z.looseObject({ number: z.number(), poolCount: z.number(), poolHash: z.string(), commitHash: z.string() }),
    ),
    sentence: ({ actor, detail }) =>
      `${actor} committed draw ${detail.after.number} ` +
      `over ${plural(detail.after.poolCount, "ticket")} (pool ` +
      `hash ${detail.after.poolHash.slice(0, 12)}…)`,
  }),
  "draw.reveal": defineAction({
    label: "Drew winners",
    entity: "draw",
    // A drum draw (decision 129) has no outside value: its last counterfoil reveals it.
    detail: onlyAfter(z.looseObject({ number: z.number(), outsideValue: z.string().nullish(), positions: z.number() })),
    sentence: ({ actor, detail }) =>
      `${actor} revealed draw ${detail.after.number} ` +
      (detail.after.outsideValue ? `with ${detail.after.outsideValue}` : "drawn from the drum") +
      `: ${plural(detail.after.positions, "position")}`,
  }),
  "draw.winner_event": defineAction({
    label: "Winner update",
    entity: "draw",
    detail: onlyAfter(
      z.looseObject({ position: z.number(), controlNumber: z.string(), event: z.string(), reason: nullableText }),
    ),
    // event "evidence": a file added to the position's disqualification (decision 129).
    sentence: ({ actor, detail }) =>
      detail.after.event === "evidence"
        ? `${actor} added evidence to the disqualification of ` +
          `position ${detail.after.position} (${detail.after.controlNumber})`
        : `${actor} marked position ${detail.after.position} ` +
          (`(${detail.after.controlNumber}) ` +
            `${detail.after.event}${detail.after.reason ? `: ${detail.after.reason}` : ""}`),
  }),
  "draw.publish": defineAction({
    label: "Published winners",
    entity: "draw",
    detail: onlyAfter(z.looseObject({ number: z.number(), winners: z.number() })),
    sentence: ({ actor, detail }) =>
      `${actor} published the winners of draw ${detail.after.number} (${plural(detail.after.winners, "prize")})`,
  }),
  "stubs.allocate": defineAction({
    label: "Allocated stubs",
    entity: "stub_allocation",
    detail: onlyAfter(z.looseObject({ seller: z.string(), from: z.number(), to: z.number(), count: z.number() })),
    sentence: ({ actor, detail }) =>
      `${actor} handed ${plural(detail.after.count, "stub")} ` +
      `(${String(detail.after.from).padStart(5, "0")}–${String(detail.after.to).padStart(5, "0")}) ` +
      `to ${detail.after.seller}`,
  }),
  "stubs.return": defineAction({
    label: "Returned stubs",
    entity: "stub_allocation",
    detail: onlyAfter(z.looseObject({ seller: z.string(), numbers: numberRanges })),
    sentence: ({ actor, detail }) =>
      `${actor} took back ${plural(countOf(detail.after.numbers), "unsold stub")} from ${detail.after.seller}`,
  }),
  "remittance.record": defineAction({
    label: "Recorded remittance",
    entity: "remittance",
    detail: onlyAfter(remittanceSnapshot),
    sentence: ({ actor, detail }) =>
      `${actor} recorded receipt ` +
      `No. ${detail.after.receipt_number}: ${peso(detail.after.amount)} ` +
      `from ${detail.after.seller}`,
  }),
  "remittance.void": defineAction({
    label: "Voided receipt",
    entity: "remittance",
    detail: onlyAfter(remittanceSnapshot.extend({ reason: z.string() })),
    sentence: ({ actor, detail }) =>
      `${actor} voided receipt No. ${detail.after.receipt_number} ` +
      `(${peso(detail.after.amount)} from ${detail.after.seller})`,
  }),
  "remittance.adjust": defineAction({
    label: "Adjusted balance",
    entity: "remittance_adjustment",
    detail: onlyAfter(z.looseObject({ seller: z.string(), amount: z.string(), reason: z.string() })),
    // A positive adjustment lowers what the seller owes (a write-off); a negative one raises it.
    sentence: ({ actor, detail }) =>
      detail.after.amount.startsWith("-")
        ? `${actor} added ${peso(detail.after.amount.slice(1))} ` +
          `to ${detail.after.seller}'s balance: ${detail.after.reason}`
        : `${actor} took ${peso(detail.after.amount)} off ${detail.after.seller}'s balance: ${detail.after.reason}`,
  }),
  // Reconciliation (issue 21, docs/decisions/110-119).
  "statement.import": defineAction({
    label: "Imported statement",
    entity: "statement_import",
    detail: onlyAfter(
      z.looseObject({
        kind: z.string(),
        accountLabel: z.string(),
        fileName: z.string(),
        lines: z.number(),
        new: z.number(),
        skipped: z.number(),
        matched: z.number(),
      }),
    ),
    sentence: ({ actor, detail }) =>
      `${actor} imported ${detail.after.fileName} ` +
      (`(${detail.after.accountLabel}): ${plural(detail.after.new, "new line")}, ` +
        `${plural(detail.after.skipped, "skipped")}, ` +
        `${plural(detail.after.matched, "matched payment")}`),
  }),
  "statement.discard": defineAction({
    label: "Discarded statement",
    entity: "statement_import",
    detail: onlyAfter(
      z.looseObject({
        fileName: z.string(),
        accountLabel: z.string(),
        reason: z.string(),
        lines: z.number(),
        unverified: z.number(),
      }),
    ),
    sentence: ({ actor, detail }) =>
      `${actor} discarded the import of ${detail.after.fileName} ` +
      (`(${detail.after.accountLabel}, ${plural(detail.after.lines, "line")}; ` +
        `${plural(detail.after.unverified, "payment")} back to claimed): ${detail.after.reason}`),
  }),
  "statement_line.match": defineAction({
    label: "Matched statement line",
    entity: "statement_line",
    detail: onlyAfter(
      z.looseObject({
        amount: z.string(),
        reference: nullableText,
        how: z.string(),
        controlNumbers: z.array(z.string()),
        comment: nullableText,
      }),
    ),
    sentence: ({ actor, detail }) =>
      `${actor} ${detail.after.how === "accepted" ? "accepted" : "confirmed"} ` +
      `${peso(detail.after.amount)}${detail.after.reference ? ` (ref. ${detail.after.reference})` : ""} as ` +
      `payment for ${detail.after.controlNumbers.join(", ") || "a payment"}` +
      (detail.after.comment ? `: ${detail.after.comment}` : ""),
  }),
  "statement_line.ignore": defineAction({
    label: "Ignored statement line",
    entity: "statement_line",
    detail: onlyAfter(z.looseObject({ amount: z.string(), reference: nullableText, reason: z.string() })),
    sentence: ({ actor, detail }) =>
      `${actor} ignored ${peso(detail.after.amount)}` +
      (detail.after.reference ? ` (ref. ${detail.after.reference})` : "") +
      `: ${detail.after.reason}`,
  }),
  "payment.unverify": defineAction({
    label: "Un-verified payment",
    entity: "payment",
    detail: onlyAfter(
      z.looseObject({
        reference: nullableText,
        amount: z.string(),
        controlNumbers: z.array(z.string()),
        reason: z.string(),
      }),
    ),
    sentence: ({ actor, detail }) =>
      `${actor} un-verified the ` +
      `payment${detail.after.reference ? ` ${detail.after.reference}` : ""} ` +
      `for ${detail.after.controlNumbers.join(", ") || "no ticket"} ` +
      `(${peso(detail.after.amount)}): ${detail.after.reason}`,
  }),
  // The payment ledger (issue 37, docs/decisions/193).
  "payment.settle": defineAction({
    label: "Settled payment by hand",
    entity: "payment",
    detail: onlyAfter(
      z.looseObject({
        method: z.string(),
        reference: nullableText,
        amount: z.string(),
        controlNumbers: z.array(z.string()),
        reason: z.string(),
        // The evidence file written with it (docs/decisions/235); absent on rows from before it.
        evidence: z.looseObject({ fileName: z.string(), sha256: z.string() }).nullish(),
      }),
    ),
    sentence: ({ actor, detail }) =>
      `${actor} settled the ${detail.after.method === "gcash" ? "GCash" : "bank"} ` +
      `payment${detail.after.reference ? ` ${detail.after.reference}` : ""} ` +
      `for ${detail.after.controlNumbers.join(", ") || "no ticket"} (${peso(detail.after.amount)}) by ` +
      `hand: ${detail.after.reason}${detail.after.evidence ? ` (evidence: ${detail.after.evidence.fileName})` : ""}`,
  }),
  "payment.unsettle": defineAction({
    label: "Undid a settlement by hand",
    entity: "payment",
    detail: onlyAfter(
      z.looseObject({
        method: z.string(),
        reference: nullableText,
        amount: z.string(),
        controlNumbers: z.array(z.string()),
        reason: z.string(),
        settleReason: nullableText,
      }),
    ),
    sentence: ({ actor, detail }) =>
      `${actor} undid the settlement by hand of the ` +
      `payment${detail.after.reference ? ` ${detail.after.reference}` : ""} ` +
      `for ${detail.after.controlNumbers.join(", ") || "no ticket"} ` +
      `(${peso(detail.after.amount)}): ${detail.after.reason}`,
  }),
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export type AuditActionSpecOf<A extends AuditAction> = (typeof AUDIT_ACTIONS)[A];
/** What a writer records for `A`: its `before` and/or `after`. */
export type AuditDetail<A extends AuditAction> = z.input<AuditActionSpecOf<A>["detail"]>;
export type AuditEntity<A extends AuditAction> = AuditActionSpecOf<A>["entity"];

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export function isAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, action);
}

/** The Activity Log's name for an action; an action not in the list shows under its own name. */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTIONS[action].label : action;
}
