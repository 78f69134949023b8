import { diffWords } from 'diff';

/**
 * The words `after` adds to and removes from `before`. jsdiff's diffWords: a well-kept word diff that keeps the
 * whitespace, so the text reads as written.
 */
export function VersionDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const parts = diffWords(before, after);
  return (
    <p className="version-diff" aria-label={label}>
      {parts.map((part, index) =>
        part.added ? (
          <ins key={index} className="diff-added">
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={index} className="diff-removed">
            {part.value}
          </del>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </p>
  );
}
