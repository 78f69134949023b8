import { Link } from 'react-router-dom';
import { Logo } from '../../components/Logo';

/** SPEC §2 Home: the sidebars and the slider arrive with the lists; until then, a way to the dashboard. */
export function HomeScreen() {
  return (
    <div className="page">
      <header className="topbar">
        <Logo />
        <Link className="button-secondary" to="/types/dashboard">
          Dashboard
        </Link>
      </header>
      <main className="page-body">
        <h1>Home</h1>
        <p className="lead">The list workspace is being built. Your account is ready.</p>
      </main>
    </div>
  );
}
