import { useMutation } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { type Level, type ListFamily } from '@promptloom/proto';
import { firstMessageOf, formErrorsOf } from '../../apollo/field-errors';
import { ADD_CUSTOM_ITEM, UPDATE_REASON } from '../data/list-operations';
import { useLiveList } from '../data/useLiveList';
import { activeIdsOf, useSelection } from '../data/useSelection';
import { useStoredState } from '../data/useStoredState';
import { useDrawer } from '../../components/useDrawer';
import { FAMILY_VIEW } from '../families';
import { PowerIcon } from '../../components/Icons';
import { LevelToggle } from './LevelToggle';
import { ListPanel } from './ListPanel';
import { SignaturePanel } from '../signature/SignaturePanel';
import { SignatureCountBadge } from '../signature/SignatureCountBadge';

interface SidebarProps {
  side: 'left' | 'right';
  /** The family shown when the flip is off, and when it is on (SPEC §2: Types/Elements, Pro/Signature). */
  families: [ListFamily, ListFamily];
  flipped: boolean;
  onFlip(): void;
  /** Closes the sidebar: a phone shows it as a full-width drawer with a close button (and Escape). */
  onClose(): void;
}

/** One 364 px sidebar (SPEC §2): header with level, label, flip and agent; the list below. */
export function Sidebar({ side, families, flipped, onFlip, onClose }: SidebarProps) {
  const family = flipped ? families[1] : families[0];
  const view = FAMILY_VIEW[family];
  const [level, setLevel] = useStoredState<Level>(view.levelKey, 0);
  const list = useLiveList(family);
  const { selection, setActive } = useSelection();
  const [addCustomItem] = useMutation(ADD_CUSTOM_ITEM);
  const [updateReason] = useMutation(UPDATE_REASON);
  const activeIds = activeIdsOf(selection, family);
  const drawer = useDrawer<HTMLElement>(true, onClose);

  return (
    <aside ref={drawer} className={`sidebar sidebar-${side}`} aria-label={`${view.title} sidebar`}>
      <header className="sidebar-header">
        <button
          type="button"
          className="sidebar-close"
          aria-label={`Close ${view.title} sidebar`}
          onClick={onClose}
        >
          ✕
        </button>
        <LevelToggle level={level} onChange={setLevel} label={view.title} />
        <h2 className="sidebar-title">
          {view.title}
          {family === 'br' ? (
            <SignatureCountBadge />
          ) : (
            <span className="count-badge" aria-label={`${list.items.length} items`}>
              {list.items.length}
            </span>
          )}
        </h2>
        <button type="button" className="chip" aria-pressed={flipped} onClick={onFlip}>
          Flip to {FAMILY_VIEW[flipped ? families[0] : families[1]].title}
        </button>
        <Link className="chip chip-power" to={view.agentPath} aria-label={`${view.title} agent`}>
          <PowerIcon /> Agent
        </Link>
      </header>
      {family === 'br' ? (
        <SignaturePanel />
      ) : (
        <ListPanel
          title={view.title}
          items={list.items}
          loading={list.loading}
          activeIds={activeIds}
          detailPath={(item) => view.detailPath(item.id)}
          onToggleActive={(item) => void setActive(family, item.id, !activeIds.includes(item.id))}
          onReason={(item, reason) => void updateReason({ variables: { family, id: item.id, reason } })}
          onAdd={(text) =>
            addCustomItem({ variables: { family, text } }).then(
              () => null,
              (error: unknown) => firstMessageOf(formErrorsOf(error, 'Error occurred while processing.')),
            )
          }
        />
      )}
    </aside>
  );
}
