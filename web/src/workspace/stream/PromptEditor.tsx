import { useRef } from 'react';
import { type PromptProblem } from '@promptloom/proto';
import { promptSegments } from './prompt-segments';
import { type ReadingView } from './reading-window';

/**
 * A prompt box with the checker's problems marked in the text (a highlight layer under a transparent-text
 * textarea, scrolled with it), each problem's message and one-click fix below, and how much of it the model reads
 * (tokens for SD/Flux, with the text past the window dimmed; characters for DALL·E and GPT Image). Nothing here
 * ever stops the user typing or copying.
 */
export function PromptEditor({
  id,
  label,
  value,
  onChange,
  onFix,
  problems,
  reading,
  rows,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onFix: (problem: PromptProblem) => void;
  problems: readonly PromptProblem[];
  reading: ReadingView | null;
  rows: number;
}) {
  const layer = useRef<HTMLDivElement>(null);
  const segments = promptSegments(value, problems, reading?.cutAt ?? null);
  const readingId = reading && `${id}-${reading.unit}`;
  const describedBy = [problems.length > 0 && `${id}-problems`, readingId].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="prompt-editor">
        <div className="prompt-layer" ref={layer} aria-hidden="true">
          {segments.map((segment, index) => {
            const className = [segment.problem && 'prompt-problem', segment.pastWindow && 'past-window']
              .filter(Boolean)
              .join(' ');
            return className ? (
              <mark key={index} className={className}>
                {segment.text}
              </mark>
            ) : (
              <span key={index}>{segment.text}</span>
            );
          })}
          {/* A trailing newline needs a character after it to take up its line. */}
          {'\u200b'}
        </div>
        <textarea
          id={id}
          className="prompt-box prompt-input"
          rows={rows}
          value={value}
          spellCheck={false}
          aria-invalid={problems.length > 0}
          aria-describedby={describedBy || undefined}
          onChange={(event) => onChange(event.target.value)}
          onScroll={(event) => {
            if (layer.current) layer.current.scrollTop = event.currentTarget.scrollTop;
          }}
        />
      </div>
      {reading && (
        <p id={readingId!} className="token-count" data-over={reading.over !== null || undefined}>
          {reading.count}
          {reading.over && <span className="token-note"> — {reading.over}</span>}
        </p>
      )}
      {reading?.note && <p className="token-count pooled-note">{reading.note}</p>}
      {problems.length > 0 && (
        <ul
          id={`${id}-problems`}
          className="prompt-problems"
          aria-label={`Problems in the ${label.toLowerCase()}`}
        >
          {problems.map((problem) => (
            <li key={`${problem.start}-${problem.end}-${problem.message}`} className="prompt-problem-item">
              <span>{problem.message}</span>
              {problem.fix && (
                <button type="button" className="chip fix-button" onClick={() => onFix(problem)}>
                  {problem.fix.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
