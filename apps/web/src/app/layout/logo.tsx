export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 font-bold tracking-tight">
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden>
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <path d="M9 8v16h14" stroke="#fff" strokeWidth="3.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="21" cy="11" r="3" fill="#a5b4fc" />
      </svg>
      {compact ? null : <span className="text-lg">LearnBuild</span>}
    </span>
  );
}
