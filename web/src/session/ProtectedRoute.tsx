import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ADMIN_ROLE } from '@promptloom/proto';
import { useSession } from './SessionProvider';

// Issue 19: loaded with the workspace, not with the sign-in page.
const AwayNotice = lazy(() =>
  import('../workspace/away/AwayNotice').then((m) => ({ default: m.AwayNotice })),
);

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
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <AwayNotice />
      </Suspense>
    </>
  );
}
