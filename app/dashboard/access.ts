import "server-only";
import { redirect } from "next/navigation";
import { getCurrentUser } from "@/server/auth/current-user";

// Each dashboard page calls one of these itself: a client-side navigation re-renders only the
// page, not the shared layout, so the layout's check alone would miss a user disabled or
// demoted since the last full load.

export async function requireUser() {
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  return user;
}

export async function requireAdmin() {
  const user = await requireUser();
  if (!user.isAdmin) redirect("/dashboard/overview");
  return user;
}
