import { Skeleton } from "@/components/ui/skeleton";

/** A tab whose code loads when first chosen (decisions 178, 185), while it arrives: three named skeleton rows. */
export function TabLoading() {
  return (
    <div className="space-y-2 pt-2" role="status" aria-busy="true" aria-label="Loading the tab">
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}
