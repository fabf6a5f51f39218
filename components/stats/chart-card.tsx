import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

export interface ChartTable {
  caption: string;
  columns: string[];
  rows: (string | number)[][];
}

/**
 * A chart in a fixed-height box (SPEC section 2), sized by that box. Screen readers get the same
 * figures as a visually hidden table; the drawing itself is hidden from them.
 */
export function ChartCard({
  title,
  description,
  table,
  isLoading,
  isEmpty,
  emptyText,
  heightClass = "h-72",
  testId,
  children,
}: {
  title: string;
  description?: string;
  table: ChartTable;
  isLoading?: boolean;
  isEmpty?: boolean;
  emptyText?: string;
  heightClass?: string;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <Card className="min-w-0 gap-4" data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="min-w-0">
        <div className={cn("relative w-full min-w-0", heightClass)} data-testid="chart-box">
          {isLoading ? (
            <Skeleton className="size-full" label={`Loading ${title}`} />
          ) : isEmpty ? (
            <p
              className={
                "flex size-full items-center justify-center rounded-md " +
                "border border-dashed text-sm text-muted-foreground"
              }
            >
              {emptyText ?? "No data yet"}
            </p>
          ) : (
            <div className="size-full" aria-hidden="true">
              {children}
            </div>
          )}
        </div>
        {!isLoading && !isEmpty && (
          // The table's text alternative, hidden in a div: a table with sr-only keeps its content's width
          // and widened a 320 px page (issue 26).
          <div className="sr-only">
            <table>
              <caption>{table.caption}</caption>
              <thead>
                <tr>
                  {table.columns.map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, i) => (
                  <tr key={i}>
                    {row.map((cell, j) =>
                      j === 0 ? (
                        <th key={j} scope="row">
                          {cell}
                        </th>
                      ) : (
                        <td key={j}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
