/** A run of the prompt's text as the highlight layer shows it: plain, marked as a problem, past the window. */
export interface PromptSegment {
  text: string;
  problem: boolean;
  pastWindow: boolean;
}

/**
 * `text` cut where a problem starts or ends and where the token window ends (`cutAt`), so each run is drawn
 * the same way throughout. Ranges are clamped to the text: a problem found on a longer, older text is harmless.
 */
export function promptSegments(
  text: string,
  problems: ReadonlyArray<{ start: number; end: number }>,
  cutAt: number | null,
): PromptSegment[] {
  const clamp = (value: number) => Math.max(0, Math.min(text.length, value));
  const ranges = problems.map((problem) => [clamp(problem.start), clamp(problem.end)] as const);
  const bounds = new Set<number>([0, text.length]);
  for (const [start, end] of ranges) bounds.add(start).add(end);
  if (cutAt !== null) bounds.add(clamp(cutAt));
  const sorted = [...bounds].sort((a, b) => a - b);
  const segments: PromptSegment[] = [];
  for (let index = 0; index < sorted.length - 1; index++) {
    const start = sorted[index]!;
    const end = sorted[index + 1]!;
    if (end <= start) continue;
    segments.push({
      text: text.slice(start, end),
      problem: ranges.some(([from, to]) => from <= start && end <= to),
      pastWindow: cutAt !== null && start >= cutAt,
    });
  }
  return segments;
}
