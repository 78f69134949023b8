import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { levelLabel, type Level, type ListFamily } from '@promptloom/proto';
import { PowerIcon } from '../../components/Icons';
import { useLiveList } from '../data/useLiveList';
import { activeIdsOf, useSelection } from '../data/useSelection';
import { FAMILY_VIEW } from '../families';
import { LIST_ITEM_DETAILS } from './detail-operations';
import { DetailFields, formatDate } from './DetailFields';
import { WorkspaceTopbar } from '../components/WorkspaceTopbar';

const BACK: Partial<Record<ListFamily, { to: string; label: string }>> = {
  tl: { to: '/types/TypesListing', label: 'Types' },
  tr: { to: '/pro/ProListingTR', label: 'Pro' },
};

/**
 * SPEC §2 Type detail and Pro detail: the item's name, the power button that adds it to or removes it from the
 * active list, and the level label; the back arrow returns to the listing. Below: the record's fields (reason,
 * the agent run it came from, when it was added), and for a type the active elements its signature codes use.
 */
export function ItemDetailScreen({ family }: { family: 'tl' | 'tr' }) {
  const id = Number(useParams().id);
  const view = FAMILY_VIEW[family];
  const list = useLiveList(family);
  const item = list.items.find((entry) => entry.id === id);
  const details = useQuery(LIST_ITEM_DETAILS, { variables: { family }, fetchPolicy: 'cache-and-network' });
  const record = details.data?.aiList.items.find((entry) => entry.id === id);
  const { selection, setActive } = useSelection();
  const active = activeIdsOf(selection, family).includes(id);
  const level = Number(localStorage.getItem(view.levelKey) ?? 0) as Level;
  const back = BACK[family]!;

  return (
    <div className="page">
      <WorkspaceTopbar
        start={
          <Link className="chip" to={back.to} aria-label={`Back to ${back.label}`}>
            ‹ {back.label}
          </Link>
        }
        end={<span className="level-label">{levelLabel(level)}</span>}
      />
      <main className="page-body">
        {list.loading ? (
          <p className="page-status" role="status">
            Loading...
          </p>
        ) : !item ? (
          <p className="lead">This item is no longer in your list.</p>
        ) : (
          <>
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
            <DetailFields
              label={`${view.title} details`}
              fields={[
                ['In your selection', active ? 'Yes' : 'No'],
                ['Reason', item.aiReason],
                ['Record status', item.status === 1 ? 'Active' : 'Deactive'],
                ['Level', record ? levelLabel(record.levels as Level) || 'None' : null],
                ['AI model', record?.aiModel],
                ['Frequency', record?.frequency],
                ['Agent role', record?.agentRole],
                ['Reference', record?.name],
                ['Added', formatDate(record?.createdAt)],
              ]}
            />
            {family === 'tl' && <TypeElements active={active} />}
            <div className="detail-actions">
              <Link className="chip" to={view.agentPath}>
                <PowerIcon /> {view.title} agent
              </Link>
              <Link className="chip" to={back.to}>
                All {back.label.toLowerCase()}
              </Link>
            </div>
          </>
        )}
      </main>
    </div>
  );
}

/** The active elements: an active type's signature codes are built from them (SPEC §4 types map). */
function TypeElements({ active }: { active: boolean }) {
  const elements = useLiveList('bl');
  const { selection } = useSelection();
  const chosen = elements.items.filter((element) => selection.activeElements.includes(element.id));
  return (
    <section className="detail-section" aria-label="Elements of this type">
      <h2>Elements ({chosen.length})</h2>
      {chosen.length === 0 ? (
        <p className="lead">
          No active elements yet: activate elements to build this type&apos;s signature codes.
        </p>
      ) : (
        <>
          {!active && (
            <p className="lead">Activate this type to build signature codes from these elements.</p>
          )}
          <ul className="detail-links">
            {chosen.map((element) => (
              <li key={element.id}>
                <Link className="chip" to={`/elements/${element.id}`}>
                  {element.aiResponse}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
