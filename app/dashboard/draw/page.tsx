import { DrawScreen } from "@/components/draw/draw-screen";
import { requireAdmin } from "../access";

// The Draw page (administrators): prizes, Close sales, commit, draw day, winners, publication.
export default async function DrawPage() {
  await requireAdmin();
  return <DrawScreen />;
}
