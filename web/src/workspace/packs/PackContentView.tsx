import { type PackContent } from './pack-operations';

/** What a pack holds: its signature (code, type, six names) and each element with reason and sub-elements. */
export function PackContentView({ pack }: { pack: PackContent }) {
  return (
    <section className="pack-content" aria-label="Pack contents">
      <h2 className="pack-code">{pack.signature.code ?? 'Signature'}</h2>
      <p className="pack-muted">
        {pack.signature.type ? `Type ${pack.signature.type} · ` : ''}
        {pack.signature.names.join(', ')}
      </p>
      <ul className="pack-elements" aria-label="Elements">
        {pack.elements.map((element) => (
          <li key={element.name} className="card">
            <strong className="card-title">{element.name}</strong>
            {element.reason && <span className="pack-reason">{element.reason}</span>}
            {element.subElements.length > 0 && (
              <ul className="pack-sub-elements" aria-label={`Sub-elements of ${element.name}`}>
                {element.subElements.map((sub) => (
                  <li key={sub.name}>
                    {sub.name} <span className="pack-muted">({sub.group})</span>
                    {sub.reason && <span className="pack-reason"> {sub.reason}</span>}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
