import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { filterItems, sortItems, type SortOrder } from '@promptloom/proto';
import { SortToggle } from '../components/SortToggle';
import { MY_SIGNATURE } from '../data/signature-operations';
import { useBrCodes } from '../data/useBrCodes';

/** SPEC §2 BR listing sidebar: the signature codes built from the active lists, search and A-Z. */
export function SignaturePanel() {
  const { codes, building, hasBasis, rebuild } = useBrCodes();
  const saved = useQuery(MY_SIGNATURE).data?.mySignature ?? null;
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<SortOrder | null>(null);
  const indexed = useMemo(() => codes.map((code, index) => ({ ...code, index })), [codes]);
  const shown = useMemo(() => {
    const filtered = filterItems(indexed, { search }, (code) => code.code);
    return order ? sortItems(filtered, order, (code) => code.code) : filtered;
  }, [indexed, search, order]);

  return (
    <section className="list-panel" aria-label="Signature codes">
      {saved && (
        <p className="notice">
          Active signature: <strong>{saved.code}</strong>
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
            {shown.map((code) => (
              <li
                key={code.code}
                className={saved?.code === code.code ? 'list-row list-row-active' : 'list-row'}
              >
                <Link className="list-row-text" to={`/pro/SignatureListingoptRB/${code.index}`}>
                  {code.code}
                </Link>
              </li>
            ))}
          </ol>
          <button type="button" className="button-secondary add-button" onClick={rebuild}>
            Build new codes
          </button>
        </>
      )}
    </section>
  );
}
