import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ADMIN_ROLE } from '@promptloom/proto';
import { AwayProvider } from '../workspace/away/AwayProvider';
import { useSession } from './SessionProvider';

/** SPEC §2: 'Loading...' while the stored session is checked, then /pro when not authenticated. */
export function ProtectedRoute({ adminOnly = false }: { adminOnly?: boolean }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading') {
    return (
      <p className="page-status" role="status">
        Loading...
      </p>
    );
  }
  if (status === 'unauthenticated') return <Navigate to="/pro" replace state={{ from: location.pathname }} />;
  if (adminOnly && user?.roleType !== ADMIN_ROLE) return <Navigate to="/" replace />;
  if (adminOnly) return <Outlet />;
  // Issue 19: the visit and its "while you were away" report, for the inbox in each workspace screen's top bar.
  return (
    <AwayProvider>
      <Outlet />
    </AwayProvider>
  );
}
