import { OverviewScreen } from "@/components/overview/overview-screen";
import { requireUser } from "../access";

export default async function OverviewPage() {
  const user = await requireUser();
  return <OverviewScreen userName={user.displayName || user.email} isAdmin={user.isAdmin} />;
}
