import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { AdminMenu } from './AdminMenu';
import { AdminTopBar } from './AdminTopBar';

/** SPEC §2 admin layout: collapsible side menu, top bar, and the child page below the top bar. */
export function AdminLayout() {
  const [wide, setWide] = useState(true);
  return (
    <div className={`admin-shell${wide ? '' : ' narrow'}`}>
      <AdminMenu wide={wide} onToggleWide={() => setWide((current) => !current)} />
      <div className="admin-main">
        <AdminTopBar />
        <main className="admin-content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
