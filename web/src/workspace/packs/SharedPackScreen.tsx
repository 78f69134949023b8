import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { firstMessageOf, formErrorsOf } from '../../apollo/field-errors';
import { formatDate } from '../detail/DetailFields';
import { ImportReportView } from './ImportReportView';
import { IMPORT_SHARED_PACK, SHARED_PACK, type PackImportReport } from './pack-operations';
import { PackContentView } from './PackContentView';
import './packs.css';
import { WorkspaceTopbar } from '../components/WorkspaceTopbar';

/** A share link opened by anyone signed in: what the pack holds, and its import into the reader's own lists. */
export function SharedPackScreen() {
  const token = useParams().token ?? '';
  const shared = useQuery(SHARED_PACK, { variables: { token }, fetchPolicy: 'network-only' });
  const [importPack, importing] = useMutation(IMPORT_SHARED_PACK);
  const [report, setReport] = useState<PackImportReport | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function importIntoMyLists() {
    setMessage(null);
    try {
      const { data } = await importPack({ variables: { token } });
      setReport(data?.importSharedSignaturePack ?? null);
    } catch (error) {
      setMessage(firstMessageOf(formErrorsOf(error, 'The pack could not be imported.')));
    }
  }

  const data = shared.data?.sharedSignaturePack;
  return (
    <div className="page">
      <WorkspaceTopbar
        start={
          <Link className="chip" to="/packs">
            ‹ Packs
          </Link>
        }
      />
      <main className="page-body packs-page">
        <h1>Shared signature pack</h1>
        {shared.loading && !data ? (
          <p role="status">Loading...</p>
        ) : !data ? (
          <div className="notice pack-link-unavailable">
            <p className="form-error pack-link-message" role="alert">
              {firstMessageOf(formErrorsOf(shared.error, 'This pack link was not found.'))}
            </p>
            <p>
              Nothing was imported. Check the address you were sent, or ask whoever shared it for a new link.
            </p>
            <Link className="button-secondary" to="/packs">
              Go to your packs
            </Link>
          </div>
        ) : (
          <>
            <p className="pack-muted">Link expires {formatDate(data.expiresAt)}.</p>
            <PackContentView pack={data.pack} />
            <div className="pack-row">
              <button
                type="button"
                className="button-primary"
                disabled={importing.loading}
                onClick={() => void importIntoMyLists()}
              >
                {importing.loading ? 'Importing…' : 'Import into my lists'}
              </button>
              <Link className="button-secondary" to="/elements/ElementsListingBL">
                My Elements
              </Link>
            </div>
            {message && (
              <p className="form-error" role="alert">
                {message}
              </p>
            )}
            {report && <ImportReportView report={report} />}
          </>
        )}
      </main>
    </div>
  );
}
