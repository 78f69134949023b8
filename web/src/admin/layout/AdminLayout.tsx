import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { AdminMenu } from './AdminMenu';
import { AdminTopBar } from './AdminTopBar';
import { ToastRegion } from '../../components/Toasts';

/** SPEC §2 admin layout: collapsible side menu (a drawer on a phone), top bar, and the child page below it. */
export function AdminLayout() {
  const [wide, setWide] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <div className={`admin-shell${wide ? '' : ' narrow'}`}>
      <AdminMenu
        wide={wide}
        onToggleWide={() => setWide((current) => !current)}
        drawerOpen={drawerOpen}
        onCloseDrawer={() => setDrawerOpen(false)}
      />
      <div className="admin-main">
        <AdminTopBar menuOpen={drawerOpen} onOpenMenu={() => setDrawerOpen(true)} />
        <ToastRegion />
        <main className="admin-content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
