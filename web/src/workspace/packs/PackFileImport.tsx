import { useState, type ChangeEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { PACK_MAX_BYTES, packTooLarge } from '@promptloom/proto';
import { formErrorsOf } from '../../apollo/field-errors';
import { ImportReportView } from './ImportReportView';
import { IMPORT_PACK_FILE, type PackImportReport } from './pack-operations';

/** A pack file chosen from disk, checked for size here (before it is read) and merged into the user's lists. */
export function PackFileImport() {
  const [importFile, importing] = useMutation(IMPORT_PACK_FILE);
  const [report, setReport] = useState<PackImportReport | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [fileName, setFileName] = useState<string | null>(null);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setReport(null);
    setProblems([]);
    setFileName(file.name);
    if (file.size > PACK_MAX_BYTES) return setProblems([packTooLarge(PACK_MAX_BYTES)]);
    try {
      const { data } = await importFile({ variables: { file: await file.text() } });
      setReport(data?.importSignaturePack ?? null);
    } catch (error) {
      const errors = formErrorsOf(error, 'The pack could not be imported.');
      const fields = Object.entries(errors.fields).map(([field, message]) =>
        field === 'file' || field === 'body' ? message : `${field}: ${message}`,
      );
      setProblems(errors.message ? [errors.message] : fields);
    }
  }

  return (
    <section className="detail-section pack-section" aria-label="Import a pack file">
      <h2>Import a pack file</h2>
      <p className="pack-muted">
        Adds what you do not have yet to your lists; nothing you have is changed. At most{' '}
        {Math.floor(PACK_MAX_BYTES / 1024)} KB.
      </p>
      <label className={`button-secondary pack-file-label${importing.loading ? ' pack-file-busy' : ''}`}>
        {importing.loading ? 'Importing…' : 'Choose a pack file'}
        <input
          type="file"
          accept=".json,application/json"
          className="pack-file-input"
          disabled={importing.loading}
          onChange={(event) => void onFile(event)}
        />
      </label>
      <p className="pack-muted" role="status">
        {importing.loading && fileName ? `Importing ${fileName}…` : ''}
      </p>
      {problems.length > 0 && (
        <div className="form-error pack-problems" role="alert">
          <p>{fileName ?? 'The file'} was not imported; nothing in your lists changed.</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {report && <ImportReportView report={report} />}
    </section>
  );
}
