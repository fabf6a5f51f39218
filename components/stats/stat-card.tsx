import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

/** One figure of a statistics screen: title, value and a line saying what it counts. */
export function StatCard({
  title,
  value,
  description,
  icon: Icon,
  isLoading,
  className,
}: {
  title: string;
  value: string;
  description?: React.ReactNode;
  icon: LucideIcon;
  isLoading?: boolean;
  className?: string;
}) {
  return (
    <Card className={cn("gap-2 py-5", className)} data-testid="stat-card" role="group" aria-label={title}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-5">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <Icon className="size-4 text-primary" aria-hidden />
      </CardHeader>
      <CardContent className="space-y-1 px-5">
        {isLoading ? (
          <Skeleton className="h-8 w-24" label={`Loading ${title}`} />
        ) : (
          <p className="text-2xl font-bold tracking-tight tabular-nums" data-testid="stat-value">
            {value}
          </p>
        )}
        {description && <p className="text-xs text-muted-foreground">{description}</p>}
      </CardContent>
    </Card>
  );
}
