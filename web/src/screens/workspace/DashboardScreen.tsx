import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '../../session/SessionProvider';
import { useLiveList } from '../../workspace/data/useLiveList';
import { useSelection } from '../../workspace/data/useSelection';
import { useActiveSignature } from '../../workspace/signature/useActiveSignature';
import { WorkspaceTopbar } from '../../workspace/components/WorkspaceTopbar';

/** SPEC §2 Dashboard: four cards (real counts of the user's lists), and Logout to /pro. */
export function DashboardScreen() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const types = useLiveList('tl');
  const elements = useLiveList('bl');
  const pro = useLiveList('tr');
  const { selection } = useSelection();
  const signature = useActiveSignature().active;
  const cards = [
    {
      title: 'Types',
      value: types.items.length,
      detail: `${selection.activeTypes.length} active`,
      to: '/types/TypesListing',
    },
    {
      title: 'Elements',
      value: elements.items.length,
      detail: `${selection.activeElements.length} active`,
      to: '/elements/ElementsListingBL',
    },
    {
      title: 'Pro',
      value: pro.items.length,
      detail: `${selection.activePro.length} active`,
      to: '/pro/ProListingTR',
    },
    {
      title: 'Signature',
      value: signature ? 1 : 0,
      detail: signature ? signature.code : 'none saved yet',
      to: '/pro/SignatureListingBR',
    },
  ];

  function logout() {
    signOut();
    navigate('/pro', { replace: true });
  }
  return (
    <div className="page">
      <WorkspaceTopbar
        start={
          <Link className="chip" to="/">
            ‹ Home
          </Link>
        }
        end={
          <button type="button" className="button-secondary" onClick={logout}>
            Logout
          </button>
        }
      />
      <main className="page-body">
        <h1>Dashboard</h1>
        <p className="lead">Welcome, {user?.firstName ?? 'there'}.</p>
        <nav aria-label="Your lists" className="card-grid">
          {cards.map((card) => (
            <Link key={card.title} className="card" to={card.to}>
              <span className="card-title">{card.title}</span>
              <span className="card-value">{card.value}</span>
              <span className="card-text">{card.detail}</span>
            </Link>
          ))}
        </nav>
      </main>
    </div>
  );
}
