import { useRef } from 'react';
import { type PromptProblem, type TokenCount } from '@promptloom/proto';
import { promptSegments } from './prompt-segments';

/**
 * A prompt box with the checker's problems marked in the text (a highlight layer under a transparent-text
 * textarea, scrolled with it), each problem's message and one-click fix below, and for SD/Flux the CLIP token
 * count with the text past the window dimmed. Nothing here ever stops the user typing or copying.
 */
export function PromptEditor({
  id,
  label,
  value,
  onChange,
  onFix,
  problems,
  tokens,
  rows,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onFix: (problem: PromptProblem) => void;
  problems: readonly PromptProblem[];
  tokens: TokenCount | null;
  rows: number;
}) {
  const layer = useRef<HTMLDivElement>(null);
  const segments = promptSegments(value, problems, tokens?.cutAt ?? null);
  const describedBy = [problems.length > 0 && `${id}-problems`, tokens && `${id}-tokens`]
    .filter(Boolean)
    .join(' ');
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
      {tokens && (
        <p id={`${id}-tokens`} className="token-count" data-over={tokens.cutAt !== null || undefined}>
          {/* CLIP reads its window with a start and an end marker around the text: they count. */}
          {tokens.count + 2} / {tokens.window} tokens
          {tokens.cutAt !== null && (
            <span className="token-note"> — the dimmed end is past what the model reads</span>
          )}
        </p>
      )}
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
