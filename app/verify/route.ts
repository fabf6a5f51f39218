// GET /verify - the public "check my ticket" form; with ?cn=&code= the same answer as a verify QR (anyone)
import type { NextRequest } from "next/server";
import { verifyFormPage } from "@/server/public/verify-handlers";

export const dynamic = "force-dynamic";

export async function GET(req: NextRequest) {
  return verifyFormPage(req);
}
