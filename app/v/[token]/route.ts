// GET /v/{token} - the public "check my ticket" page a stub's verify QR opens (anyone; no script, no cookie)
import type { NextRequest } from "next/server";
import { verifyTokenPage } from "@/server/public/verify-handlers";

export const dynamic = "force-dynamic";

export async function GET(req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) {
  return verifyTokenPage(req, String((await ctx.params).token ?? ""));
}
