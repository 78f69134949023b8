import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { MIN_SUB_ELEMENTS, activateElementFirstMessage, leaveElementError } from '@promptloom/proto';
import { firstMessageOf, formErrorsOf } from '../../apollo/field-errors';
import { PowerIcon } from '../../components/Icons';
import { LEAVE_ELEMENT_CHECK, SET_SUB_ELEMENT_CHOSEN, type SubElement } from '../data/sub-element-operations';
import { SELECTION } from '../data/selection-operations';
import { useLiveList } from '../data/useLiveList';
import { useSelection } from '../data/useSelection';
import { useSubElements } from '../data/useSubElements';
import { ReasonsUsedNote } from '../reasons/ReasonsUsedNote';
import { WorkspaceTopbar } from '../components/WorkspaceTopbar';
import { useLeaveGuard } from './useLeaveGuard';

const ELEMENTS_LISTING = '/elements/ElementsListingBL';

const homeLink = (
  <Link className="chip" to="/">
    Home
  </Link>
);

function groupByList(subElements: SubElement[]): Array<[string, SubElement[]]> {
  const groups = new Map<string, SubElement[]>();
  for (const subElement of subElements)
    groups.set(subElement.blName, [...(groups.get(subElement.blName) ?? []), subElement]);
  return [...groups.entries()];
}

/**
 * SPEC §2 Element detail, for an element of the user's list; an id that is none of theirs (a deleted element, a
 * mistyped address) says so instead of asking the server for it.
 */
export function ElementDetailScreen() {
  const id = useParams().id ?? '';
  const elements = useLiveList('bl');
  const element = /^\d+$/u.test(id) ? elements.items.find((item) => item.id === Number(id)) : undefined;
  if (element) return <ElementDetail key={element.id} elementId={element.id} name={element.aiResponse} />;
  return (
    <div className="page">
      <WorkspaceTopbar
        start={
          <Link className="chip" to={ELEMENTS_LISTING}>
            ‹ Elements
          </Link>
        }
        end={homeLink}
      />
      <main className="page-body">
        {elements.loading ? (
          <p className="page-status" role="status">
            Loading...
          </p>
        ) : elements.error ? (
          <p className="form-error" role="alert">
            Your elements could not be read; try again.
          </p>
        ) : (
          <p className="lead">This element is no longer in your list.</p>
        )}
      </main>
    </div>
  );
}

/** Sub-elements grouped by their list name, chosen with toggles; the minimum-6 rule on every way out. */
function ElementDetail({ elementId, name }: { elementId: number; name: string }) {
  const navigate = useNavigate();
  const client = useApolloClient();
  const { selection, setActive } = useSelection();
  const { subElements, loading, generating, reasonsUsed } = useSubElements(elementId);
  const [choose] = useMutation(SET_SUB_ELEMENT_CHOSEN, {
    update: (cache, { data }) => {
      if (data) cache.writeQuery({ query: SELECTION, data: { selection: data.setSubElementChosen } });
    },
  });
  const [message, setMessage] = useState<string | null>(null);
  const active = selection.activeElements.includes(elementId);
  const chosen = selection.subElements.find((entry) => entry.elementId === elementId)?.subElementIds ?? [];
  // SPEC §5's minimum holds on every way out, not only "‹ Elements": Home, any link, Back, closing the tab.
  useLeaveGuard(
    leaveElementError({ element: name, elementActive: active, selectedSubElements: chosen.length }),
    setMessage,
  );

  async function toggle(subElement: SubElement) {
    if (!active) return setMessage(activateElementFirstMessage(name));
    setMessage(null);
    try {
      await choose({ variables: { subElementId: subElement.id, chosen: !chosen.includes(subElement.id) } });
    } catch (error) {
      setMessage(firstMessageOf(formErrorsOf(error, 'Error occurred while processing.')));
    }
  }

  async function leave() {
    if (active) {
      const { data } = await client.query({
        query: LEAVE_ELEMENT_CHECK,
        variables: { elementId },
        fetchPolicy: 'network-only',
      });
      if (data && !data.leaveElementCheck.allowed) return setMessage(data.leaveElementCheck.message);
    }
    navigate(ELEMENTS_LISTING);
  }

  return (
    <div className="page">
      <WorkspaceTopbar
        start={
          <button type="button" className="chip" onClick={() => void leave()}>
            ‹ Elements
          </button>
        }
        end={homeLink}
      />
      <main className="page-body">
        <div className="detail-heading">
          <h1>{name}</h1>
          <button
            type="button"
            className={active ? 'chip chip-on' : 'chip'}
            aria-pressed={active}
            onClick={() => void setActive('bl', elementId, !active)}
          >
            <PowerIcon /> {active ? 'Active' : 'Activate'}
          </button>
        </div>
        <p className="lead">
          {chosen.length} chosen — choose at least {MIN_SUB_ELEMENTS} to use this element in a signature.
        </p>
        {message && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        <ReasonsUsedNote reasons={reasonsUsed} />
        {loading || generating ? (
          <p className="list-status" role="status">
            {generating ? 'Generating sub-elements…' : 'Loading...'}
          </p>
        ) : (
          groupByList(subElements).map(([group, members]) => (
            <fieldset key={group} className="sub-element-group">
              <legend>{group}</legend>
              {members.map((subElement) => (
                <label key={subElement.id} className="sub-element">
                  <input
                    type="checkbox"
                    checked={chosen.includes(subElement.id)}
                    onChange={() => void toggle(subElement)}
                  />
                  {subElement.name}
                </label>
              ))}
            </fieldset>
          ))
        )}
      </main>
    </div>
  );
}
