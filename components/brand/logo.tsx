import { cn } from "@/lib/utils";

/** The raffle's mark: a ticket stub on the brand gradient. Inline so nothing is fetched. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" role="img" aria-label="Raffle logo" className={cn("size-10", className)}>
      <defs>
        <linearGradient id="raffle-logo-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#667eea" />
          <stop offset="1" stopColor="#764ba2" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="12" fill="url(#raffle-logo-bg)" />
      <path
        d="M11 16a2 2 0 0 1 2-2h22a2 2 0 0 1 2 2v4a4 4 0 0 0 0 8v4a2 2 0 0 1-2 2H13a2 2 0 0 1-2-2v-4a4 4 0 0 0 0-8z"
        fill="#fff"
      />
      <path d="M28 15v18" stroke="url(#raffle-logo-bg)" strokeWidth="1.5" strokeDasharray="2 2" />
      <text
        x="21.5"
        y="27"
        textAnchor="middle"
        fontSize="8"
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
        fill="#5b4bb7"
      >
        2K
      </text>
    </svg>
  );
}
