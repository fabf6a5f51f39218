import { AnalyticsScreen } from "@/components/analytics/analytics-screen";
import { requireAdmin } from "../access";

export default async function AnalyticsPage() {
  await requireAdmin();
  return <AnalyticsScreen />;
}
