/** The Promptloom wordmark; dimmed while a form is not ready (SPEC §2 login). */
export function Logo({ dimmed = false }: { dimmed?: boolean }) {
  return (
    <div className={`logo${dimmed ? ' logo-dimmed' : ''}`} aria-label="Promptloom" role="img">
      <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true">
        <rect x="2" y="2" width="36" height="36" rx="9" fill="currentColor" opacity="0.15" />
        <path d="M11 28V12h9a6 6 0 0 1 0 12h-9" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M24 28h6" stroke="currentColor" strokeWidth="3" />
      </svg>
      <span>Promptloom</span>
    </div>
  );
}
