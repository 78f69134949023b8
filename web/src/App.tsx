import { Navigate, Route, Routes } from 'react-router-dom';
import { ProtectedRoute } from './session/ProtectedRoute';
import { SignInScreen } from './screens/auth/SignInScreen';
import { SignUpScreen } from './screens/auth/SignUpScreen';
import { DashboardScreen } from './screens/workspace/DashboardScreen';
import { HomeScreen } from './screens/workspace/HomeScreen';

/** SPEC §2 route table. */
export function App() {
  return (
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
  );
}
