import { Link } from 'react-router-dom';
import { useActiveSignature } from '../signature/useActiveSignature';
import { PackExport } from './PackExport';
import { PackFileImport } from './PackFileImport';
import { PackLinks } from './PackLinks';
import './packs.css';
import { WorkspaceTopbar } from '../components/WorkspaceTopbar';

/** Issue #19: the user's signature pack (file and share links) and the import of a pack file. */
export function PacksScreen() {
  const { saved, loading } = useActiveSignature();
  return (
    <div className="page">
      <WorkspaceTopbar
        start={
          <Link className="chip" to="/pro/SignatureListingBR">
            ‹ Signatures
          </Link>
        }
      />
      <main className="page-body packs-page">
        <h1>Signature packs</h1>
        <section className="detail-section pack-section" aria-label="Your signature pack">
          <h2>Your signature pack</h2>
          {loading && !saved ? (
            <p role="status">Loading...</p>
          ) : saved ? (
            <>
              <p className="pack-muted">
                <strong className="pack-code">{saved.code}</strong>: the signature, its elements, their
                reasons and sub-elements.
              </p>
              <PackExport />
            </>
          ) : (
            <p className="lead">Save a signature first: a pack is made from your saved signature.</p>
          )}
        </section>
        {saved && <PackLinks />}
        <PackFileImport />
      </main>
    </div>
  );
}
