import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useDrawer } from '../../components/useDrawer';
import { MENU_ICONS, QuadrantIcon } from './AdminMenuIcons';

const MODE_ITEMS = (['tl', 'tr', 'bl', 'br'] as const).map((corner) => ({
  to: `/admin/mode/${corner}`,
  label: corner.toUpperCase(),
  icon: <QuadrantIcon corner={corner} />,
}));

const LINKS = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: MENU_ICONS.dashboard },
  { to: '/admin/UserManage', label: 'User Manage', icon: MENU_ICONS.users },
  { to: '/admin/module', label: 'Modules', icon: MENU_ICONS.modules },
  { to: '/admin/mode', label: 'Mode', end: true, icon: MENU_ICONS.mode },
  { to: '/admin/modetype', label: 'Mode Type', icon: MENU_ICONS.modeType },
  { to: '/admin/audit', label: 'Audit log', icon: MENU_ICONS.audit },
  { to: '/admin/ai-calls', label: 'AI Calls', icon: MENU_ICONS.aiCalls },
];

const linkClass = ({ isActive }: { isActive: boolean }) => `admin-menu-link${isActive ? ' active' : ''}`;

/** An icon and its label; the label is also the tooltip, which is all that shows of it in the narrow menu. */
function MenuLink({ to, label, icon, end }: { to: string; label: string; icon: ReactNode; end?: boolean }) {
  return (
    <NavLink to={to} end={end} className={linkClass} title={label}>
      {icon}
      <span className="admin-menu-label">{label}</span>
    </NavLink>
  );
}

interface AdminMenuProps {
  wide: boolean;
  onToggleWide(): void;
  /** On a phone the menu is a drawer: shown only while open. */
  drawerOpen: boolean;
  onCloseDrawer(): void;
}

/** SPEC §2 admin menu: the expandable 'Mode' group (TL, TR, BL, BR), 'User Manage', and the catalogue screens. */
export function AdminMenu({ wide, onToggleWide, drawerOpen, onCloseDrawer }: AdminMenuProps) {
  const [modeOpen, setModeOpen] = useState(true);
  const drawer = useDrawer<HTMLElement>(drawerOpen, onCloseDrawer);
  return (
    <nav
      ref={drawer}
      id="admin-menu"
      className={`admin-menu${wide ? '' : ' narrow'}${drawerOpen ? ' open' : ''}`}
      aria-label="Admin menu"
      // Choosing a screen in the drawer closes it.
      onClick={(event) => {
        if ((event.target as Element).closest('a')) onCloseDrawer();
      }}
    >
      <button
        type="button"
        className="admin-menu-toggle"
        aria-expanded={wide}
        aria-label={wide ? 'Collapse menu' : 'Expand menu'}
        onClick={onToggleWide}
      >
        {wide ? '«' : '»'}
      </button>
      <button type="button" className="admin-menu-close" aria-label="Close menu" onClick={onCloseDrawer}>
        ✕
      </button>
      <ul>
        <li>
          <button
            type="button"
            className="admin-menu-link admin-menu-group"
            aria-expanded={modeOpen}
            aria-controls="admin-mode-group"
            title="Mode group"
            onClick={() => setModeOpen((open) => !open)}
          >
            {MENU_ICONS.group}
            <span className="admin-menu-label">
              Mode
              <span aria-hidden="true">{modeOpen ? ' ▾' : ' ▸'}</span>
            </span>
          </button>
          {modeOpen && (
            <ul id="admin-mode-group" className="admin-submenu">
              {MODE_ITEMS.map((item) => (
                <li key={item.to}>
                  <MenuLink {...item} />
                </li>
              ))}
            </ul>
          )}
        </li>
        {LINKS.map((link) => (
          <li key={link.to}>
            <MenuLink {...link} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
