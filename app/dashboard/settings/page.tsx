import { SettingsScreen } from "@/components/settings/settings-screen";
import { requireAdmin } from "../access";

export default async function SettingsPage() {
  const user = await requireAdmin();
  return <SettingsScreen currentUserEmail={user.email} />;
}
