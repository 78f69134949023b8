import { useState } from 'react';
import { NavLink } from 'react-router-dom';

const MODE_ITEMS = [
  { to: '/admin/mode/tl', label: 'TL' },
  { to: '/admin/mode/tr', label: 'TR' },
  { to: '/admin/mode/bl', label: 'BL' },
  { to: '/admin/mode/br', label: 'BR' },
];

const LINKS = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/UserManage', label: 'User Manage' },
  { to: '/admin/module', label: 'Modules' },
  { to: '/admin/mode', label: 'Mode', end: true },
  { to: '/admin/modetype', label: 'Mode Type' },
  { to: '/admin/audit', label: 'Audit log' },
];

const linkClass = ({ isActive }: { isActive: boolean }) => `admin-menu-link${isActive ? ' active' : ''}`;

/** SPEC §2 admin menu: the expandable 'Mode' group (TL, TR, BL, BR), 'User Manage', and the catalogue screens. */
export function AdminMenu({ wide, onToggleWide }: { wide: boolean; onToggleWide(): void }) {
  const [modeOpen, setModeOpen] = useState(true);
  return (
    <nav className={`admin-menu${wide ? '' : ' narrow'}`} aria-label="Admin menu">
      <button
        type="button"
        className="admin-menu-toggle"
        aria-expanded={wide}
        aria-label={wide ? 'Collapse menu' : 'Expand menu'}
        onClick={onToggleWide}
      >
        {wide ? '«' : '»'}
      </button>
      <ul>
        <li>
          <button
            type="button"
            className="admin-menu-link admin-menu-group"
            aria-expanded={modeOpen}
            aria-controls="admin-mode-group"
            onClick={() => setModeOpen((open) => !open)}
          >
            Mode
            <span aria-hidden="true">{modeOpen ? ' ▾' : ' ▸'}</span>
          </button>
          {modeOpen && (
            <ul id="admin-mode-group" className="admin-submenu">
              {MODE_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={linkClass}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          )}
        </li>
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} className={linkClass}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
