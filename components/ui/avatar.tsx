"use client";

// shadcn's Avatar without Radix (issue 28: it is in every screen's first load through the account
// button). The fallback is always rendered and the image covers it once it paints; an image that
// fails to load is removed, so the fallback shows in every state but "loaded", as Radix's did.
import * as React from "react";
import { cn } from "@/lib/utils";

function Avatar({ className, ...props }: React.ComponentProps<"span">) {
  return (
    <span
      data-slot="avatar"
      className={cn("relative flex size-8 shrink-0 overflow-hidden rounded-full", className)}
      {...props}
    />
  );
}

function AvatarImage({ className, onError, ...props }: React.ComponentProps<"img">) {
  const [failed, setFailed] = React.useState(false);
  // A new picture gets its own chance to load.
  const [src, setSrc] = React.useState(props.src);
  if (src !== props.src) {
    setSrc(props.src);
    setFailed(false);
  }
  if (failed || !props.src) return null;
  return (
    // A remote profile picture of a few pixels; next/image would add its loader to every screen.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      data-slot="avatar-image"
      className={cn("absolute inset-0 z-10 aspect-square size-full", className)}
      onError={(event) => {
        setFailed(true);
        onError?.(event);
      }}
      {...props}
    />
  );
}

function AvatarFallback({ className, ...props }: React.ComponentProps<"span">) {
  return (
    <span
      data-slot="avatar-fallback"
      className={cn("flex size-full items-center justify-center rounded-full bg-muted", className)}
      {...props}
    />
  );
}

export { Avatar, AvatarFallback, AvatarImage };
