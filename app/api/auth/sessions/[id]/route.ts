// DELETE /api/auth/sessions/{id} - end one of the caller's own sessions (any signed-in user; another's is 404)
import { NextResponse } from "next/server";
import { endAccountSession } from "@/server/auth/account-sessions";
import { sessionCookieName } from "@/server/auth/cookie-config";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute({ access: "user" }, async ({ params, principal }) => {
  const { current } = await endAccountSession({ principal, id: params.id });
  const res = NextResponse.json({ success: true, message: current ? "Signed out successfully" : "Session ended" });
  if (current && principal.via === "cookie") res.cookies.delete(sessionCookieName());
  return res;
});
