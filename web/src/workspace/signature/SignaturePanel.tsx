import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { filterItems, sortItems, type SortOrder } from '@promptloom/proto';
import { SortToggle } from '../components/SortToggle';
import { useBrCodes } from '../data/useBrCodes';
import { useActiveSignature } from './useActiveSignature';
import './signature.css';

/** SPEC §2 BR listing sidebar: the signature codes built from the active lists, search and A-Z. */
export function SignaturePanel() {
  const { codes, building, hasBasis, rebuild } = useBrCodes();
  const { active, isActive } = useActiveSignature();
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<SortOrder | null>(null);
  const indexed = useMemo(() => codes.map((code, index) => ({ ...code, index })), [codes]);
  const shown = useMemo(() => {
    const filtered = filterItems(indexed, { search }, (code) => code.code);
    return order ? sortItems(filtered, order, (code) => code.code) : filtered;
  }, [indexed, search, order]);

  return (
    <section className="list-panel" aria-label="Signature codes">
      {active && (
        <p className="notice" aria-label="Active signature">
          Active signature: <strong>{active.code}</strong>
        </p>
      )}
      <div className="list-tools">
        <input
          className="search-input"
          type="search"
          placeholder="Search"
          aria-label="Search Signature"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <SortToggle order={order} onChange={setOrder} />
      </div>
      {building ? (
        <p className="list-status" role="status">
          Loading...
        </p>
      ) : !hasBasis ? (
        <p className="list-status">Activate types and elements to build signature codes.</p>
      ) : (
        <>
          <ol className="list-rows">
            {shown.map((code) => {
              const current = isActive(code);
              return (
                <li key={code.code} className={current ? 'list-row list-row-active' : 'list-row'}>
                  <Link
                    className="list-row-text"
                    to={`/pro/SignatureListingoptRB/${code.index}`}
                    aria-current={current ? 'true' : undefined}
                  >
                    {code.code}
                  </Link>
                  {current && <span className="row-tag">Active</span>}
                </li>
              );
            })}
          </ol>
          <button type="button" className="button-secondary add-button" onClick={rebuild}>
            Build new codes
          </button>
        </>
      )}
    </section>
  );
}
