import { useNavigate } from 'react-router-dom';
import { useSession } from '../../session/SessionProvider';

/** SPEC §2: the top bar titled 'Admin System' with 'Welcome Admin' and Logout; on a phone, the menu button. */
export function AdminTopBar({ menuOpen, onOpenMenu }: { menuOpen: boolean; onOpenMenu(): void }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  // Logout ends the whole session (cache, socket, per-user storage), like the workspace's, then /pro.
  function logout() {
    signOut();
    navigate('/pro', { replace: true });
  }
  return (
    <header className="admin-topbar">
      <button
        type="button"
        className="admin-menu-open"
        aria-label="Open menu"
        aria-expanded={menuOpen}
        aria-controls="admin-menu"
        onClick={onOpenMenu}
      >
        <span aria-hidden="true">☰</span>
      </button>
      <p className="admin-topbar-title">Admin System</p>
      <div className="admin-topbar-end">
        <span>Welcome Admin</span>
        <button type="button" className="button-secondary" onClick={logout}>
          Logout
        </button>
      </div>
    </header>
  );
}
