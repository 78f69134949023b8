import { useEffect, useRef } from 'react';
import { type PackImportReport } from './pack-operations';

type Entry = PackImportReport['added'][number];

function describe(entry: Entry): string {
  if (entry.kind === 'type') return `Type ${entry.name}`;
  if (entry.kind === 'element') return `Element ${entry.name}`;
  return `${entry.name} (sub-element of ${entry.element ?? 'an element'})`;
}

/**
 * What an import added and what it skipped, and why; nothing is ever overwritten. It takes the focus when it
 * appears, so a keyboard or screen-reader user lands on the result of the import.
 */
export function ImportReportView({ report }: { report: PackImportReport }) {
  const summary = useRef<HTMLParagraphElement>(null);
  useEffect(() => summary.current?.focus(), [report]);
  return (
    <section className="pack-report" aria-label="Import report">
      <p className="notice pack-report-summary" role="status" tabIndex={-1} ref={summary}>
        {report.message}
      </p>
      <h3>Added ({report.added.length})</h3>
      {report.added.length === 0 ? (
        <p className="pack-muted">Nothing new: your lists had everything already.</p>
      ) : (
        <ul className="pack-entries" aria-label="Added">
          {report.added.map((entry) => (
            <li key={`${entry.kind}:${entry.element ?? ''}:${entry.name}`}>{describe(entry)}</li>
          ))}
        </ul>
      )}
      <h3>Skipped ({report.skipped.length})</h3>
      {report.skipped.length === 0 ? (
        <p className="pack-muted">Nothing skipped: everything in the pack was new to you.</p>
      ) : (
        <ul className="pack-entries" aria-label="Skipped">
          {report.skipped.map((entry) => (
            <li key={`${entry.kind}:${entry.element ?? ''}:${entry.name}`}>
              {describe(entry)}: {entry.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
