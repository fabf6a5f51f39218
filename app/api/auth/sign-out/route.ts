// POST /api/auth/sign-out - revoke the caller's bearer token or cookie session (any signed-in user)
import { NextResponse } from "next/server";
import { sessionCookieName } from "@/server/auth/cookie-config";
import { revokeSession } from "@/server/auth/sessions";
import { apiRoute } from "@/server/http/api-route";
import type { MessageAnswer } from "@/lib/schemas/answer";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "user" }, async ({ principal }) => {
  await revokeSession(principal.sessionId);
  const res = NextResponse.json({ success: true, message: "Signed out successfully" } satisfies MessageAnswer);
  if (principal.via === "cookie") res.cookies.delete(sessionCookieName());
  return res;
});
