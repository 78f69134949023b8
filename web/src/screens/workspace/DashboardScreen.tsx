import { useNavigate } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { useSession } from '../../session/SessionProvider';

/** SPEC §2 Dashboard: reached from the home mode button; its Logout goes to /pro. */
export function DashboardScreen() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  function logout() {
    signOut();
    navigate('/pro', { replace: true });
  }
  return (
    <div className="page">
      <header className="topbar">
        <Logo />
        <button type="button" className="button-secondary" onClick={logout}>
          Logout
        </button>
      </header>
      <main className="page-body">
        <h1>Dashboard</h1>
        <p className="lead">Welcome, {user?.firstName ?? 'there'}.</p>
        <nav aria-label="Workspace" className="card-grid">
          <a className="card" href="/">
            <span className="card-title">Home</span>
            <span className="card-text">Types, elements, pro items and signatures.</span>
          </a>
        </nav>
      </main>
    </div>
  );
}
