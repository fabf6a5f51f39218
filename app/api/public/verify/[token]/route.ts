// GET /api/public/verify/{token} - what the verify page says, as JSON (anyone; no API key, no cookie)
import type { NextRequest } from "next/server";
import { verifyTokenJson } from "@/server/public/verify-handlers";

export const dynamic = "force-dynamic";

export async function GET(req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) {
  return verifyTokenJson(req, String((await ctx.params).token ?? ""));
}
