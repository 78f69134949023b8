import { useQuery } from '@apollo/client/react';
import { PROMPT_VERSION_WITH_PREVIOUS } from './prompt-history-operations';
import { VersionDiff } from './VersionDiff';

/** What a Refine changed: a refined version against the version saved just before it. */
export function RefineChanges({ versionId, onClose }: { versionId: number; onClose(): void }) {
  const { data, loading, error } = useQuery(PROMPT_VERSION_WITH_PREVIOUS, {
    variables: { id: versionId },
    fetchPolicy: 'network-only',
  });
  const found = data?.promptVersion;
  return (
    <section className="history-compare" aria-label="What Refine changed">
      <header className="history-compare-header">
        <h3>What Refine changed</h3>
        <button type="button" className="chip" onClick={onClose}>
          Close
        </button>
      </header>
      {loading && <p className="list-status">Loading...</p>}
      {error && <p className="form-error">The versions could not be read.</p>}
      {found &&
        (found.previous ? (
          <VersionDiff before={found.previous.prompt} after={found.version.prompt} label="Refine's changes" />
        ) : (
          <p className="list-status">No version was saved before this one.</p>
        ))}
    </section>
  );
}
