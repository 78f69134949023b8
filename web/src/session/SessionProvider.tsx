import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { SESSION_IDLE_MS } from '@promptloom/proto';
import { endServerSession } from './end-server-session';
import { clearSession, restoreSession, saveSession, type SessionUser } from './session-storage';
import { useInactivityLogout } from './useInactivityLogout';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

interface SessionValue {
  status: SessionStatus;
  user: SessionUser | null;
  idleLimitMs: number;
  signIn(token: string, user: SessionUser): void;
  signOut(): void;
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

/** SPEC §4 Session: loading, then authenticated or unauthenticated; logout after the idle time. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>('loading');
  const [user, setUser] = useState<SessionUser | null>(null);
  const [idleLimitMs, setIdleLimitMs] = useState(SESSION_IDLE_MS);

  useEffect(() => {
    void fetchIdleLimit().then((limit) => {
      setIdleLimitMs(limit);
      const restored = restoreSession(limit);
      setUser(restored?.user ?? null);
      setStatus(restored ? 'authenticated' : 'unauthenticated');
    });
  }, []);

  const signIn = useCallback((token: string, signedIn: SessionUser) => {
    saveSession(token, signedIn);
    setUser(signedIn);
    setStatus('authenticated');
  }, []);

  const signOut = useCallback(() => {
    endServerSession();
    clearSession();
    setUser(null);
    setStatus('unauthenticated');
  }, []);

  useInactivityLogout(status === 'authenticated', idleLimitMs, signOut);

  const value = useMemo(
    () => ({ status, user, idleLimitMs, signIn, signOut }),
    [status, user, idleLimitMs, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
