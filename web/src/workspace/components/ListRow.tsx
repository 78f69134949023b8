import { useState } from 'react';
import { Link } from 'react-router-dom';
import { padCounter } from '@promptloom/proto';
import { HandleIcon, PowerIcon } from '../../components/Icons';
import { type ListItem } from '../data/list-operations';

interface ListRowProps {
  item: ListItem;
  position: number;
  active: boolean;
  detailPath: string;
  onToggleActive(): void;
  /** Saves the reason; the row hides itself when the reason is not empty (SPEC §4). */
  onReasonDone(reason: string): void;
}

/**
 * SPEC §2: text, power icon to the detail, reason handle, zero-padded counter; active rows have a dark border, and
 * a tick and an accent edge besides, which read on the dark theme.
 */
export function ListRow({ item, position, active, detailPath, onToggleActive, onReasonDone }: ListRowProps) {
  const [editingReason, setEditingReason] = useState(false);
  const [reason, setReason] = useState(item.aiReason ?? '');

  function toggleReason() {
    if (!editingReason) return setEditingReason(true);
    setEditingReason(false);
    onReasonDone(reason.trim());
  }

  return (
    <li className={active ? 'list-row list-row-active' : 'list-row'}>
      {editingReason ? (
        // The item's name stays in view above its reason while it is written.
        <span className="reason-field">
          <span className="reason-item-name" aria-hidden="true">
            {item.aiResponse}
          </span>
          <input
            className="reason-input"
            placeholder="Reason"
            aria-label={`Reason for ${item.aiResponse}`}
            value={reason}
            autoFocus
            onChange={(event) => setReason(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && toggleReason()}
          />
        </span>
      ) : (
        <button type="button" className="list-row-text" aria-pressed={active} onClick={onToggleActive}>
          {item.aiResponse}
        </button>
      )}
      <Link className="icon-button" to={detailPath} aria-label={`Open ${item.aiResponse}`}>
        <PowerIcon />
      </Link>
      <button
        type="button"
        className="icon-button"
        aria-label={
          editingReason ? `Save reason for ${item.aiResponse}` : `Add a reason for ${item.aiResponse}`
        }
        onClick={toggleReason}
      >
        <HandleIcon />
      </button>
      <span className="list-row-counter" aria-hidden="true">
        {padCounter(position)}
      </span>
    </li>
  );
}
