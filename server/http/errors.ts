import "server-only";

/** Every failure a service or route can report on purpose. One table maps codes to statuses. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  invalid_api_key: 401,
  invalid_google_token: 401,
  forbidden: 403,
  not_authorized_email: 403,
  bad_origin: 403,
  not_found: 404,
  conflict: 409,
  already_registered: 409,
  limit_reached: 409,
  notifications_off: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  mail_failed: 502,
  unavailable: 503,
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

  constructor(code: ErrorCode, message: string, options: { issues?: IssueDetail[]; extra?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {}) {
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
