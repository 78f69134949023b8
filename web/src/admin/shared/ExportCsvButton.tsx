import { useState } from 'react';
import { toCsv } from '@promptloom/proto';
import { downloadCsv } from './download-csv';

/** Most rows one export fetches: 50 pages of 100. */
const MAX_PAGES = 50;

interface ExportCsvButtonProps {
  filename: string;
  header: readonly string[];
  /** One page of the current search (100 rows), as CSV rows, with the number of the last page. */
  fetchPage(page: number): Promise<{ rows: unknown[][]; lastPage: number }>;
}

/** CSV export of the current search: every page, not only the one on screen. */
export function ExportCsvButton({ filename, header, fetchPage }: ExportCsvButtonProps) {
  const [exporting, setExporting] = useState(false);
  const [failed, setFailed] = useState(false);
  async function exportAll() {
    setExporting(true);
    setFailed(false);
    try {
      const rows: unknown[][] = [];
      for (let page = 1, lastPage = 1; page <= Math.min(lastPage, MAX_PAGES); page++) {
        const result = await fetchPage(page);
        rows.push(...result.rows);
        lastPage = result.lastPage;
      }
      downloadCsv(filename, toCsv(header, rows));
    } catch {
      setFailed(true);
    } finally {
      setExporting(false);
    }
  }
  return (
    <>
      <button
        type="button"
        className="button-secondary"
        disabled={exporting}
        onClick={() => void exportAll()}
      >
        {exporting ? 'Exporting…' : 'Export CSV'}
      </button>
      {failed && (
        <p className="form-error" role="alert">
          The export failed. Please try again.
        </p>
      )}
    </>
  );
}
