import { PageHeader } from "@/components/dashboard/page-header";
import { requireAdmin } from "../access";

// Filled by a later issue; until then the screen shows its title only.
export default async function AnalyticsPage() {
  await requireAdmin();
  return <PageHeader title="Analytics" />;
}
