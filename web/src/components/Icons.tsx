/** Inline icons (no icon font): they inherit the text colour and are hidden from screen readers. */
export function PowerIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M12 3v9" />
      <path d="M6.3 7.5a8 8 0 1 0 11.4 0" />
    </svg>
  );
}

export function HandleIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M5 8h14M5 12h14M5 16h14" />
    </svg>
  );
}
