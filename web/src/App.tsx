import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { ProtectedRoute } from './session/ProtectedRoute';
import { SignInScreen } from './screens/auth/SignInScreen';

// Signed-in screens (and sign-up) load on demand, so the sign-in page ships only what it needs.
const SignUpScreen = lazy(() =>
  import('./screens/auth/SignUpScreen').then((m) => ({ default: m.SignUpScreen })),
);
const HomeScreen = lazy(() => import('./workspace/HomeScreen').then((m) => ({ default: m.HomeScreen })));
const ListingRoute = lazy(() =>
  import('./workspace/ListingRoute').then((m) => ({ default: m.ListingRoute })),
);
const AgentScreen = lazy(() =>
  import('./workspace/agent/AgentScreen').then((m) => ({ default: m.AgentScreen })),
);
const ElementDetailScreen = lazy(() =>
  import('./workspace/detail/ElementDetailScreen').then((m) => ({ default: m.ElementDetailScreen })),
);
const SignatureDetailScreen = lazy(() =>
  import('./workspace/signature/SignatureDetailScreen').then((m) => ({ default: m.SignatureDetailScreen })),
);
const StreamScreen = lazy(() =>
  import('./workspace/stream/StreamScreen').then((m) => ({ default: m.StreamScreen })),
);
const ItemDetailScreen = lazy(() =>
  import('./workspace/detail/ItemDetailScreen').then((m) => ({ default: m.ItemDetailScreen })),
);
const PacksScreen = lazy(() =>
  import('./workspace/packs/PacksScreen').then((m) => ({ default: m.PacksScreen })),
);
const SharedPackScreen = lazy(() =>
  import('./workspace/packs/SharedPackScreen').then((m) => ({ default: m.SharedPackScreen })),
);
const AdminApp = lazy(() => import('./admin/AdminApp'));
const DashboardScreen = lazy(() =>
  import('./screens/workspace/DashboardScreen').then((m) => ({ default: m.DashboardScreen })),
);

const loading = (
  <p className="page-status" role="status">
    Loading...
  </p>
);

/** SPEC §2: the current path is remembered (local value `url`) for later returns. */
function useRememberedPath(): void {
  const { pathname } = useLocation();
  useEffect(() => localStorage.setItem('url', pathname), [pathname]);
}

/** SPEC §2 route table (the screens not built yet fall back to home). */
export function App() {
  useRememberedPath();
  return (
    <Suspense fallback={loading}>
      <Routes>
        <Route path="/pro" element={<SignInScreen />} />
        <Route path="/login" element={<SignInScreen />} />
        <Route path="/Signup" element={<SignUpScreen />} />
        <Route element={<ProtectedRoute />}>
          <Route path="/" element={<HomeScreen />} />
          <Route path="/types/dashboard" element={<DashboardScreen />} />
          <Route path="/types/TypesListing" element={<ListingRoute side="left" flipped={false} />} />
          <Route path="/elements/ElementsListingBL" element={<ListingRoute side="left" flipped />} />
          <Route path="/types/ElementsListingBL" element={<ListingRoute side="left" flipped />} />
          <Route path="/pro/ProListingTR" element={<ListingRoute side="right" flipped={false} />} />
          <Route path="/pro/SignatureListingBR" element={<ListingRoute side="right" flipped />} />
          <Route path="/types/agent" element={<AgentScreen family="tl" />} />
          <Route path="/elements/AgentBL" element={<AgentScreen family="bl" />} />
          <Route path="/pro/AgentTR" element={<AgentScreen family="tr" />} />
          <Route path="/pro/AgentBR" element={<AgentScreen family="br" />} />
          <Route path="/elements/:id" element={<ElementDetailScreen />} />
          <Route path="/types/:id" element={<ItemDetailScreen family="tl" />} />
          <Route path="/pro/:id" element={<ItemDetailScreen family="tr" />} />
          <Route path="/types/streamBM" element={<StreamScreen />} />
          <Route path="/pro/SignatureListingoptRB/:index" element={<SignatureDetailScreen />} />
          <Route path="/packs" element={<PacksScreen />} />
          <Route path="/packs/:token" element={<SharedPackScreen />} />
        </Route>
        <Route element={<ProtectedRoute adminOnly />}>
          <Route path="/admin/*" element={<AdminApp />} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
