import { endServerSession } from '../../session/end-server-session';

/** SPEC §4: the admin Logout removes only the token, then /pro (a full load, so the session is read again). */
function logout() {
  endServerSession();
  localStorage.removeItem('token');
  window.location.assign('/pro');
}

/** SPEC §2: the top bar titled 'Admin System' with 'Welcome Admin' and Logout. */
export function AdminTopBar() {
  return (
    <header className="admin-topbar">
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
