import {
  Fragment,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { SESSION_IDLE_MS } from '@promptloom/proto';
import { endServerSession } from './end-server-session';
import { type ApolloSession } from '../apollo/client';
import { clearSession, restoreSession, saveSession, type SessionUser } from './session-storage';
import { useInactivityLogout } from './useInactivityLogout';
import { useSessionFromOtherTabs } from './useSessionFromOtherTabs';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

interface SessionValue {
  status: SessionStatus;
  user: SessionUser | null;
  idleLimitMs: number;
  /** Why the last session ended, when the server ended it; shown on the sign-in page. */
  notice: string | null;
  signIn(token: string, user: SessionUser): Promise<void>;
  signOut(): void;
  /** REST calls as the signed-in user; a 401 signs out like an UNAUTHENTICATED GraphQL answer. */
  fetchAsUser: ApolloSession['fetchAsUser'];
}

const SessionContext = createContext<SessionValue | null>(null);

/** How long a session may stay idle, as the server is configured (SESSION_IDLE_MINUTES). */
async function fetchIdleLimit(): Promise<number> {
  try {
    const response = await fetch('/api/client-config');
    const body = (await response.json()) as { session_idle_ms?: number };
    return body.session_idle_ms ?? SESSION_IDLE_MS;
  } catch {
    return SESSION_IDLE_MS;
  }
}

/**
 * SPEC §4 Session: loading, then authenticated or unauthenticated; logout after the idle time. A session that
 * ends (sign-out, sign-in as someone, or the server refusing the token) takes its cache, socket, subscriptions and
 * per-user storage with it.
 */
export function SessionProvider({
  apollo,
  children,
}: {
  apollo: Pick<ApolloSession, 'reset' | 'onSessionRefused' | 'fetchAsUser'>;
  children: ReactNode;
}) {
  const [status, setStatus] = useState<SessionStatus>('loading');
  const [user, setUser] = useState<SessionUser | null>(null);
  const [idleLimitMs, setIdleLimitMs] = useState(SESSION_IDLE_MS);
  const [notice, setNotice] = useState<string | null>(null);
  const navigate = useNavigate();

  useEffect(() => {
    void fetchIdleLimit().then((limit) => {
      setIdleLimitMs(limit);
      const restored = restoreSession(limit);
      setUser(restored?.user ?? null);
      setStatus(restored ? 'authenticated' : 'unauthenticated');
    });
  }, []);

  const signIn = useCallback(
    async (token: string, signedIn: SessionUser) => {
      clearSession();
      await apollo.reset();
      saveSession(token, signedIn);
      setNotice(null);
      setUser(signedIn);
      setStatus('authenticated');
    },
    [apollo],
  );

  const signOut = useCallback(() => {
    endServerSession();
    clearSession();
    void apollo.reset();
    setUser(null);
    setStatus('unauthenticated');
  }, [apollo]);

  useEffect(
    () =>
      apollo.onSessionRefused(() => {
        signOut();
        setNotice(SESSION_ENDED_MESSAGE);
        navigate('/pro', { replace: true });
      }),
    [apollo, signOut, navigate],
  );

  useInactivityLogout(status === 'authenticated', idleLimitMs, signOut);

  // Another tab signed out or signed in as someone else: this tab drops what it holds and follows.
  const followOtherTab = useCallback(
    (stored: SessionUser | null) => {
      void apollo.reset();
      setUser(stored);
      setStatus(stored ? 'authenticated' : 'unauthenticated');
      navigate(stored ? '/' : '/pro', { replace: true });
    },
    [apollo, navigate],
  );
  useSessionFromOtherTabs(status === 'loading' ? null : (user?.id ?? null), followOtherTab);

  const value = useMemo(
    () => ({ status, user, idleLimitMs, notice, signIn, signOut, fetchAsUser: apollo.fetchAsUser }),
    [status, user, idleLimitMs, notice, signIn, signOut, apollo.fetchAsUser],
  );
  // Every screen mounts anew for another user: the reset above discards the queries that were watching (a screen
  // left mounted would keep the last user's answers and never read the new user's), and no state of one user's
  // screens reaches the next.
  return (
    <SessionContext.Provider value={value}>
      <Fragment key={user?.id ?? 'signed-out'}>{children}</Fragment>
    </SessionContext.Provider>
  );
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
