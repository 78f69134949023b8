import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { PROMPT_VERSION_ORIGINS, type PromptVersionOrigin } from '@promptloom/proto';
import { isPhone, useDrawer } from '../../components/useDrawer';
import { type PromptVersionView } from './prompt-history-operations';
import { RefineChanges } from './RefineChanges';
import { usePromptHistory } from './usePromptHistory';
import { VersionDiff } from './VersionDiff';

const ORIGIN_LABELS: Record<PromptVersionOrigin, string> = {
  assembled: 'Assembled',
  edited: 'Edited',
  refined: 'Refined',
  copied: 'Copied',
  uploaded: 'Uploaded',
};
const originOf = (value: string): PromptVersionOrigin | null =>
  PROMPT_VERSION_ORIGINS.find((origin) => origin === value) ?? null;
const timeOf = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' });

/**
 * Issue #19: the user's prompt versions beside the Stream page (a drawer on a phone): search, filter by origin,
 * more as the list scrolls, a word diff of any two, what a Refine changed, and Restore.
 */
export function HistoryPanel({
  onClose,
  onRestore,
}: {
  onClose(): void;
  onRestore(version: PromptVersionView): void;
}) {
  const drawer = useDrawer<HTMLElement>(true, onClose);
  const [search, setSearch] = useState('');
  const [origin, setOrigin] = useState<PromptVersionOrigin | null>(null);
  const history = usePromptHistory({ search, origin });
  const [picked, setPicked] = useState<PromptVersionView[]>([]);
  const [refineOf, setRefineOf] = useState<number | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const { hasMore, loadMore } = history;
  const onEndInView = useEffectEvent(() => void loadMore());

  // More versions when the end of the list scrolls into view. Observed again after each page: if the end is still
  // in view (a short page), the observer's first report asks for the next one.
  const shown = history.items.length;
  useEffect(() => {
    const sentinel = end.current;
    if (!sentinel || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onEndInView();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasMore, shown]);

  const togglePicked = (version: PromptVersionView) =>
    setPicked((now) =>
      now.some((seen) => seen.id === version.id)
        ? now.filter((seen) => seen.id !== version.id)
        : [...now, version].slice(-2),
    );
  const [older, newer] = [...picked].sort((a, b) => a.id - b.id);

  return (
    <aside ref={drawer} className="history-panel" aria-label="Prompt history">
      <header className="history-header">
        <h2>History</h2>
        <button type="button" className="chip" aria-label="Close history" onClick={onClose}>
          ✕
        </button>
      </header>
      <div className="history-filters">
        <input
          type="search"
          className="history-search"
          aria-label="Search history"
          placeholder="Search prompts"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <select
          aria-label="Origin"
          value={origin ?? ''}
          onChange={(event) => setOrigin(originOf(event.target.value))}
        >
          <option value="">All origins</option>
          {PROMPT_VERSION_ORIGINS.map((value) => (
            <option key={value} value={value}>
              {ORIGIN_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      {older && newer && (
        <section className="history-compare" aria-label="Compare versions">
          <header className="history-compare-header">
            <h3>Changes from the older to the newer</h3>
            <button type="button" className="chip" onClick={() => setPicked([])}>
              Clear
            </button>
          </header>
          <VersionDiff before={older.prompt} after={newer.prompt} label="Differences" />
        </section>
      )}
      {picked.length === 1 && <p className="list-status">Pick one more version to compare.</p>}
      {refineOf !== null && <RefineChanges versionId={refineOf} onClose={() => setRefineOf(null)} />}
      {history.loading && <p className="list-status">Loading...</p>}
      {history.error && <p className="form-error">The history could not be read.</p>}
      {!history.loading && !history.error && history.items.length === 0 && (
        <p className="list-status">No versions yet.</p>
      )}
      <ol className="history-list">
        {history.items.map((version) => {
          const label = `${ORIGIN_LABELS[version.origin]} ${timeOf(version.createdAt)}`;
          return (
            <li key={version.id} className="history-item" data-origin={version.origin}>
              <div className="history-meta">
                <span className="origin-badge">{ORIGIN_LABELS[version.origin]}</span>
                <time dateTime={version.createdAt}>{timeOf(version.createdAt)}</time>
              </div>
              <p className="history-prompt">{version.prompt}</p>
              <div className="history-actions">
                <label className="history-pick">
                  <input
                    type="checkbox"
                    aria-label={`Compare ${label}`}
                    checked={picked.some((seen) => seen.id === version.id)}
                    onChange={() => togglePicked(version)}
                  />
                  Compare
                </label>
                {version.origin === 'refined' && (
                  <button
                    type="button"
                    className="chip"
                    aria-label={`What Refine changed, ${label}`}
                    onClick={() => setRefineOf(version.id)}
                  >
                    What changed
                  </button>
                )}
                <button
                  type="button"
                  className="chip"
                  aria-label={`Restore ${label}`}
                  onClick={() => {
                    onRestore(version);
                    // On a phone the drawer covers the page: close it to show what came back.
                    if (isPhone()) onClose();
                  }}
                >
                  Restore
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <div ref={end} />
      {hasMore && (
        <button
          type="button"
          className="button-secondary"
          disabled={history.loadingMore}
          onClick={() => void loadMore()}
        >
          {history.loadingMore ? 'Loading…' : 'Load more'}
        </button>
      )}
    </aside>
  );
}
