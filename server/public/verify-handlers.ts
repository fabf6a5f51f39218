import "server-only";
import type { NextRequest } from "next/server";
import { clientAddress } from "@/server/http/rate-limit";
import {
  FORM_PAGE,
  htmlResponse,
  jsonResponse,
  NOT_FOUND_JSON,
  NOT_FOUND_PAGE,
  rateLimitedJson,
  rateLimitedPage,
  REPLACED_JSON,
  REPLACED_PAGE,
  verifyResultPage,
} from "@/server/public/verify-page";
import { takeVerifyRequest, verifyLimitMessage } from "@/server/public/verify-rate-limit";
import { verifyManualCode, verifyToken, type VerifyOutcome } from "@/server/public/verify-ticket";

// The three public verify answers (issue 22): /v/{token}, /verify?cn=&code=, and
// GET /api/public/verify/{token}. No session is read and no cookie set; the limiter comes first
// (refused tokens count), then the MAC, then at most one query.

type Kind = "html" | "json";

function limited(req: NextRequest, kind: Kind): Response | null {
  const taken = takeVerifyRequest(clientAddress(req));
  if (taken.allowed) return null;
  const headers = { "Retry-After": String(taken.retryAfterSeconds) };
  const message = verifyLimitMessage(taken.reason, taken.retryAfterSeconds);
  return kind === "html"
    ? htmlResponse(rateLimitedPage(message), 429, headers)
    : jsonResponse(rateLimitedJson(message), 429, headers);
}

const UNAVAILABLE_JSON = JSON.stringify({
  success: false,
  code: "unavailable",
  message: "The raffle's server cannot check tickets right now; try again later",
});

async function answer(kind: Kind, check: () => Promise<VerifyOutcome>): Promise<Response> {
  let outcome: VerifyOutcome;
  try {
    outcome = await check();
  } catch (error) {
    console.error("verify: the check failed:", error);
    return kind === "html"
      ? htmlResponse(
          "<!DOCTYPE html><title>Unavailable</title><p>The raffle's server " +
            "cannot check tickets right now; try again later.</p>",
          503,
        )
      : jsonResponse(UNAVAILABLE_JSON, 503);
  }
  switch (outcome.kind) {
    case "ok":
      return kind === "html"
        ? htmlResponse(verifyResultPage(outcome.body, outcome.display), 200)
        : jsonResponse(JSON.stringify(outcome.body), 200);
    case "replaced":
      return kind === "html" ? htmlResponse(REPLACED_PAGE, 410) : jsonResponse(REPLACED_JSON, 410);
    default:
      return kind === "html" ? htmlResponse(NOT_FOUND_PAGE, 404) : jsonResponse(NOT_FOUND_JSON, 404);
  }
}

export async function verifyTokenPage(req: NextRequest, token: string) {
  return limited(req, "html") ?? answer("html", () => verifyToken(token));
}

export async function verifyTokenJson(req: NextRequest, token: string) {
  return limited(req, "json") ?? answer("json", () => verifyToken(token));
}

/** /verify: the form; with cn and code, the same answer as the QR's page (a wrong pair the same 404). */
export async function verifyFormPage(req: NextRequest) {
  const params = req.nextUrl.searchParams;
  if (!params.has("cn") && !params.has("code")) return htmlResponse(FORM_PAGE, 200);
  return (
    limited(req, "html") ?? answer("html", () => verifyManualCode(params.get("cn") ?? "", params.get("code") ?? ""))
  );
}
