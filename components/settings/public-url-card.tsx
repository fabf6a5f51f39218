"use client";

// Settings: the raffle's public URL (docs/decisions/201), read-only: it comes from PUBLIC_BASE_URL
// (else AUTH_URL) on the server, because it is printed on paper that cannot be reprinted once sold.
import { Globe } from "lucide-react";
import { PublicUrlWarning } from "@/components/public-url/public-url-warning";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { usePublicUrl } from "@/lib/queries/draw";

export function PublicUrlCard() {
  const view = usePublicUrl();
  return (
    <Card data-testid="public-url-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Globe className="size-5 text-primary" />
          Public URL
        </CardTitle>
        <CardDescription>
          The address printed in every stub&apos;s QR code and verify text, the Commitment Notice, the Minutes of the
          Draw and every public link. Set by PUBLIC_BASE_URL (else AUTH_URL) where the server starts; `npm run local`
          sets it to this computer&apos;s network address.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {view.data ? (
          <>
            <p>
              <span className="text-muted-foreground">Printed as: </span>
              <code className="break-all font-semibold" data-testid="public-url">
                {view.data.url}
              </code>
              {!view.data.configured && (
                <span className="text-muted-foreground"> (not set: this server&apos;s own address)</span>
              )}
            </p>
            <PublicUrlWarning view={view.data} />
          </>
        ) : view.isError ? (
          <p role="alert">Failed to load the public URL</p>
        ) : (
          <Skeleton className="h-5 w-64" label="Loading the public URL" />
        )}
      </CardContent>
    </Card>
  );
}
