import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminLayout } from './layout/AdminLayout';
import { UsersScreen } from './users/UsersScreen';
import { ModulesScreen } from './catalogue/ModulesScreen';
import { ModesScreen } from './catalogue/ModesScreen';
import { ModeTypesScreen } from './catalogue/ModeTypesScreen';
import { RecordsScreen } from './records/RecordsScreen';
import { SignatureRecordsScreen } from './records/SignatureRecordsScreen';
import { AdminDashboardScreen } from './dashboard/AdminDashboardScreen';
import { AuditScreen } from './audit/AuditScreen';
import { AiCallsScreen } from './ai-calls/AiCallsScreen';

/** SPEC §2 admin area: the nested routes under /admin, one code-split chunk (loaded lazily by App). */
export default function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<Navigate to="/admin/dashboard" replace />} />
        <Route path="dashboard" element={<AdminDashboardScreen />} />
        <Route path="UserManage" element={<UsersScreen />} />
        <Route path="module" element={<ModulesScreen />} />
        <Route path="mode" element={<ModesScreen />} />
        <Route path="modetype" element={<ModeTypesScreen />} />
        <Route path="mode/tl" element={<RecordsScreen family="tl" />} />
        <Route path="mode/tr" element={<RecordsScreen family="tr" />} />
        <Route path="mode/bl" element={<RecordsScreen family="bl" />} />
        <Route path="mode/br" element={<SignatureRecordsScreen />} />
        <Route path="audit" element={<AuditScreen />} />
        <Route path="ai-calls" element={<AiCallsScreen />} />
        <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
      </Route>
    </Routes>
  );
}
