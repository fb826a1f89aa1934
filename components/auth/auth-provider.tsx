'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { api, ApiError, fetchCsrfToken, setSessionLostHandler, storeCsrfToken, apiRequest } from '@/lib/api-client';
import { clearAuthStorage, getAccessToken, getStoredUser, saveSession, setStoredUser, type StoredUser } from '@/lib/auth-storage';
import { reloadTo } from '@/lib/navigation';
import { CSRF_HEADER, LOGOUT_REDIRECT_MS, TOKEN_VALIDATION_INTERVAL_MS, TOKEN_VALIDATION_MIN_GAP_MS } from '@/lib/constants';
import type { validateToken } from '@/lib/contract/auth';
import type { ResponseOf } from '@/lib/contract/endpoint';
import type { LoginResponse } from '@/lib/schemas/auth';

interface AuthState {
  user: StoredUser | null;
  isAuthenticated: boolean;
  loading: boolean;
  error: string | null;
}

/** The auth store actions of product §1.4. */
type AuthAction =
  | { type: 'request' }
  | { type: 'success'; user: StoredUser }
  | { type: 'failure'; error: string | null }
  | { type: 'logout' }
  | { type: 'update'; fields: Partial<StoredUser> };

function reducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'request':
      return { ...state, loading: true, error: null };
    case 'success':
      return { user: action.user, isAuthenticated: true, loading: false, error: null };
    case 'failure':
      return { user: null, isAuthenticated: false, loading: false, error: action.error };
    case 'logout':
      return { user: null, isAuthenticated: false, loading: false, error: null };
    case 'update':
      return state.user ? { ...state, user: { ...state.user, ...action.fields } } : state;
  }
}

interface AuthContextValue extends AuthState {
  /** Rejects with a 403 ApiError `TWO_FACTOR_REQUIRED` carrying `twoFactorToken` when the account has two-factor on. */
  login(email: string, password: string): Promise<StoredUser>;
  /**
   * The admin portal's sign-in (POST /admin/login). A refusal (403, not an admin) also ends any
   * session this browser holds (product §2.4: tokens and user are removed and the user signed out).
   */
  adminLogin(email: string, password: string): Promise<StoredUser>;
  completeSecondFactor(twoFactorToken: string, code: string): Promise<StoredUser>;
  /** Signs out and goes to `redirectTo` (default /login; the admin screens use /admin-portal). */
  logout(redirectTo?: string): Promise<void>;
  updateUser(fields: Partial<StoredUser>): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reducer, { user: null, isAuthenticated: false, loading: true, error: null });
  const lastValidation = useRef(0);

  const signOutLocally = useCallback(() => {
    clearAuthStorage();
    dispatch({ type: 'logout' });
  }, []);

  /** Checks the stored token with the server; a 401 or 403 signs out and clears stored data. */
  const validate = useCallback(
    async (force = false) => {
      if (!getAccessToken()) return signOutLocally();
      if (!force && Date.now() - lastValidation.current < TOKEN_VALIDATION_MIN_GAP_MS) return;
      lastValidation.current = Date.now();
      try {
        const { user } = await api.get<ResponseOf<typeof validateToken>>('/users/validate-token', { signOutOnFailure: false });
        setStoredUser(user);
        dispatch({ type: 'success', user });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) signOutLocally();
        else if (getStoredUser()) dispatch({ type: 'success', user: getStoredUser()! });
        else signOutLocally();
      }
    },
    [signOutLocally],
  );

  useEffect(() => {
    setSessionLostHandler(() => {
      signOutLocally();
      reloadTo('/login');
    });
    void validate(true).finally(() => void fetchCsrfToken());
    const interval = setInterval(() => {
      if (getAccessToken()) void validate();
    }, TOKEN_VALIDATION_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && getAccessToken() && Date.now() - lastValidation.current > TOKEN_VALIDATION_INTERVAL_MS) void validate();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [validate, signOutLocally]);

  /**
   * Both sign-in steps answer the same login response: its tokens and user are stored and the
   * CSRF token bound to the new session is kept.
   */
  const openSession = useCallback(async (path: '/users/login' | '/users/login/2fa' | '/admin/login', body: object) => {
    dispatch({ type: 'request' });
    try {
      const { data, headers } = await apiRequest<LoginResponse>('POST', path, { body });
      saveSession(data.accessToken, data.user);
      const csrf = headers.get(CSRF_HEADER);
      if (csrf) storeCsrfToken(csrf);
      lastValidation.current = Date.now();
      dispatch({ type: 'success', user: data.user });
      return data.user;
    } catch (error) {
      dispatch({ type: 'failure', error: error instanceof Error ? error.message : null });
      throw error;
    }
  }, []);

  const login = useCallback((email: string, password: string) => openSession('/users/login', { email, password }), [openSession]);

  const adminLogin = useCallback(
    async (email: string, password: string) => {
      try {
        return await openSession('/admin/login', { email, password });
      } catch (error) {
        if (error instanceof ApiError && error.status === 403 && error.code !== 'TWO_FACTOR_REQUIRED') {
          await api.post('/users/logout', {}, { signOutOnFailure: false }).catch(() => undefined);
          signOutLocally();
        }
        throw error;
      }
    },
    [openSession, signOutLocally],
  );

  /** The second step of a two-factor sign-in: the ticket from the 403 TWO_FACTOR_REQUIRED answer and a code. */
  const completeSecondFactor = useCallback(
    (twoFactorToken: string, code: string) => openSession('/users/login/2fa', { twoFactorToken, code }),
    [openSession],
  );

  /** Clears local state and goes to /login after ~100 ms, even when the server call fails. */
  const logout = useCallback(async (redirectTo = '/login') => {
    try {
      await api.post('/users/logout', {}, { signOutOnFailure: false });
    } catch {
      // Signing out locally is what matters; the session expires on its own.
    }
    signOutLocally();
    await new Promise((r) => setTimeout(r, LOGOUT_REDIRECT_MS));
    reloadTo(redirectTo);
  }, [signOutLocally]);

  const updateUser = useCallback((fields: Partial<StoredUser>) => {
    const current = getStoredUser();
    if (current) setStoredUser({ ...current, ...fields });
    dispatch({ type: 'update', fields });
  }, []);

  const value = useMemo(
    () => ({ ...state, login, adminLogin, completeSecondFactor, logout, updateUser }),
    [state, login, adminLogin, completeSecondFactor, logout, updateUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
