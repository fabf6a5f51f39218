"use client";

import type { ComponentProps, FocusEvent, PointerEvent } from "react";
// The one place next/link is imported (eslint.config.mjs): every link of the app prefetches on intent.
// eslint-disable-next-line no-restricted-imports
import NextLink from "next/link";
import { useRouter } from "next/navigation";

type LinkProps = ComponentProps<typeof NextLink>;

/**
 * next/link that prefetches its page when a person shows they may follow it: a pointer over it (a
 * mouse's hover, a finger's touch) or the keyboard's focus on it. next/link's own default
 * prefetched every link the moment it was on screen: the sidebar's ten made twenty requests to the
 * server on every page anyone opened, each a render of the signed-in shell with its session read
 * from the database, for pages mostly never visited (docs/decisions/291). A link given
 * `prefetch={false}` is never prefetched.
 */
export function Link({ href, prefetch, onPointerEnter, onFocus, ...props }: LinkProps) {
  const router = useRouter();
  // A path of this app ("/…", not a protocol-relative "//host"); an object href is not prefetched.
  const target = typeof href === "string" && /^\/(?!\/)/.test(href) && prefetch !== false ? href : null;
  const prefetchPage = () => target && router.prefetch(target);
  return (
    <NextLink
      {...props}
      href={href}
      prefetch={false}
      onPointerEnter={(event: PointerEvent<HTMLAnchorElement>) => {
        prefetchPage();
        onPointerEnter?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        prefetchPage();
        onFocus?.(event);
      }}
    />
  );
}
