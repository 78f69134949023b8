import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ProtectedRoute } from './session/ProtectedRoute';
import { SignInScreen } from './screens/auth/SignInScreen';
import { SignUpScreen } from './screens/auth/SignUpScreen';

// Signed-in screens load on demand, so the sign-in page ships only what it needs.
const HomeScreen = lazy(() =>
  import('./screens/workspace/HomeScreen').then((m) => ({ default: m.HomeScreen })),
);
const DashboardScreen = lazy(() =>
  import('./screens/workspace/DashboardScreen').then((m) => ({ default: m.DashboardScreen })),
);

const loading = (
  <p className="page-status" role="status">
    Loading...
  </p>
);

/** SPEC §2 route table. */
export function App() {
  return (
    <Suspense fallback={loading}>
      <Routes>
        <Route path="/pro" element={<SignInScreen />} />
        <Route path="/login" element={<SignInScreen />} />
        <Route path="/Signup" element={<SignUpScreen />} />
        <Route element={<ProtectedRoute />}>
          <Route path="/" element={<HomeScreen />} />
          <Route path="/types/dashboard" element={<DashboardScreen />} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
