import "server-only";

/** Every failure a service or route can report on purpose. One table maps codes to statuses. */
export const ERROR_STATUS = {
  bad_request: 400,
  /** A body that does not parse as JSON, or nests deeper than 64 levels. */
  invalid_json: 400,
  validation_failed: 400,
  unauthorized: 401,
  invalid_api_key: 401,
  invalid_google_token: 401,
  forbidden: 403,
  /** restrict_sales_to_allocations: a seller registering a stub another holds (docs/decisions/090). */
  not_your_stub: 403,
  not_authorized_email: 403,
  /** The e-mail is bound to another Google account (a recycled address; docs/decisions/065). */
  google_account_mismatch: 403,
  bad_origin: 403,
  not_found: 404,
  /** A verify code whose stub was replaced (issue 22). */
  code_replaced: 410,
  conflict: 409,
  already_registered: 409,
  /** A GCash reference another payment already holds (docs/decisions/050). */
  duplicate_reference: 409,
  /** A bank reference used before: the same request with `confirmReference: true` goes through. */
  reference_needs_confirmation: 409,
  /** Every write on a voided ticket (docs/decisions/051). */
  ticket_voided: 409,
  /** The raffle's sales are closed: no registration (docs/decisions/105). */
  sales_closed: 409,
  /** A committed draw's pool and prizes are fixed (docs/decisions/105). */
  draw_committed: 409,
  /** A closed raffle refuses every write to its records (issue 24, docs/decisions/130). */
  raffle_closed: 409,
  /** A stub already held by a seller (docs/decisions/090). */
  already_allocated: 409,
  limit_reached: 409,
  notifications_off: 409,
  job_cancelled: 409,
  /** The same statement file imported before (issue 21, docs/decisions/112). */
  duplicate_file: 409,
  payload_too_large: 413,
  /** A statement file over 10 MB (issue 21). */
  file_too_large: 413,
  /** A stub print over 10,000 tickets (issue 22). */
  too_many_tickets: 413,
  job_too_large: 413,
  /** The installation's attachment storage is full (attachment_storage_limit_mb; docs/decisions/069). */
  quota_exceeded: 413,
  unsupported_media_type: 415,
  /** Statement imports (issue 21): a file that cannot be read as asked, naming what is wrong. */
  wrong_password: 422,
  password_required: 422,
  not_a_gcash_statement: 422,
  missing_columns: 422,
  invalid_statement: 422,
  /** A PDF that decompresses past the statement budget (issue 40, decision 209). */
  file_too_complex: 422,
  /** Accepting a statement line whose amount differs from the payment's needs a comment. */
  comment_required: 422,
  /** Settling a payment by hand (or undoing it) needs a reason (issue 37). */
  reason_required: 422,
  /** A statement line's amount above the per-line bound (issue 37, docs/reconciliation.md). */
  amount_out_of_range: 422,
  rate_limited: 429,
  job_busy: 429,
  internal: 500,
  mail_failed: 502,
  unavailable: 503,
  job_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface IssueDetail {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues?: IssueDetail[];
  /** Extra fields merged into the JSON body (e.g. `error` for the sign-in contract). */
  readonly extra?: Record<string, unknown>;
  /** Response headers the answer must carry (e.g. `Retry-After` on a 429). */
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      issues?: IssueDetail[];
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.issues = options.issues;
    this.extra = options.extra;
    this.headers = options.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody() {
    return {
      success: false as const,
      code: this.code,
      message: this.message,
      ...(this.issues ? { issues: this.issues } : {}),
      ...this.extra,
    };
  }
}

export const notFound = (message: string) => new AppError("not_found", message);
export const conflict = (message: string) => new AppError("conflict", message);
