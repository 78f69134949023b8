import { Link, useParams } from 'react-router-dom';
import { levelLabel, type Level, type ListFamily } from '@promptloom/proto';
import { Logo } from '../../components/Logo';
import { PowerIcon } from '../../components/Icons';
import { useLiveList } from '../data/useLiveList';
import { activeIdsOf, useSelection } from '../data/useSelection';
import { FAMILY_VIEW } from '../families';

const BACK: Partial<Record<ListFamily, { to: string; label: string }>> = {
  tl: { to: '/types/TypesListing', label: 'Types' },
  tr: { to: '/pro/ProListingTR', label: 'Pro' },
};

/**
 * SPEC §2 Type detail and Pro detail: the item's name, the power button that adds it to or removes it from the
 * active list, and the level label; the back arrow returns to the listing.
 */
export function ItemDetailScreen({ family }: { family: 'tl' | 'tr' }) {
  const id = Number(useParams().id);
  const list = useLiveList(family);
  const item = list.items.find((entry) => entry.id === id);
  const { selection, setActive } = useSelection();
  const active = activeIdsOf(selection, family).includes(id);
  const level = Number(localStorage.getItem(FAMILY_VIEW[family].levelKey) ?? 0) as Level;
  const back = BACK[family]!;

  return (
    <div className="page">
      <header className="topbar">
        <Link className="chip" to={back.to} aria-label={`Back to ${back.label}`}>
          ‹ {back.label}
        </Link>
        <Logo />
        <span className="level-label">{levelLabel(level)}</span>
      </header>
      <main className="page-body">
        {list.loading ? (
          <p className="page-status" role="status">
            Loading...
          </p>
        ) : !item ? (
          <p className="lead">This item is no longer in your list.</p>
        ) : (
          <div className="detail-heading">
            <h1>{item.aiResponse}</h1>
            <button
              type="button"
              className={active ? 'chip chip-on' : 'chip'}
              aria-pressed={active}
              onClick={() => void setActive(family, id, !active)}
            >
              <PowerIcon /> {active ? 'Active' : 'Activate'}
            </button>
          </div>
        )}
        {item?.aiReason && <p className="lead">Reason: {item.aiReason}</p>}
      </main>
    </div>
  );
}
