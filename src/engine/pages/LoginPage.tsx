/**
 * /login?code=<tenant> in the full app: the same sign-in page as the light first load
 * (src/engine/signin/SignInPage.tsx, prerendered at build and hydrated by src/app/signinMount.tsx),
 * one component for both (issue 24), plus what only the full app does: the change of the default
 * password (mode 4 -> mode 6, SPEC.md section 4) before the session is stored, also for a user
 * the light page handed off, and the side menu read before /home.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SessionUser, TenantConfig } from '../../domain/api';
import { MimaStatus } from '../../domain/enums';
import { request } from '../api/client';
import { LazyAccountDialogs as AccountDialogs } from '../account/LazyAccountDialogs';
import { HomeDialogMode, type HomeDialogModeValue } from '../account/modes';
import { useLang } from '../i18n/useLang';
import { MENU_KEY, type NestedMenu } from '../session/menu';
import { takeHandedOffSignIn } from '../session/handoff';
import { rememberTenantCode, sessionStore } from '../session/store';
import { SignInPage } from '../signin/SignInPage';

export function LoginPage({ code }: { code: string }) {
  const [lang, setLang] = useLang();
  const navigate = useNavigate();
  const [config, setConfig] = useState<TenantConfig | undefined>(undefined);
  const [pending, setPendingState] = useState<SessionUser | null>(null);
  const pendingRef = useRef<SessionUser | null>(null);
  const setPending = (user: SessionUser | null) => {
    pendingRef.current = user;
    setPendingState(user);
  };
  const [mode, setMode] = useState<HomeDialogModeValue>(HomeDialogMode.None);

  // The light sign-in page signed in an account that must first change its default password.
  useEffect(() => {
    const handed = takeHandedOffSignIn();
    if (!handed) return;
    setPending(handed);
    setMode(HomeDialogMode.ChangeDefaultPassword);
  }, []);

  const finishSignIn = async (user: SessionUser) => {
    let menu: NestedMenu | null = null;
    try {
      menu = await request<NestedMenu>('GET', MENU_KEY, { token: user.token });
    } catch {
      menu = null; // the shell loads it again
    }
    rememberTenantCode(code);
    sessionStore.signIn({ ...user, tenantCode: user.tenantCode || code }, menu?.Backend ?? null);
    navigate('/home', { replace: true });
  };

  const signedIn = (user: SessionUser) => {
    if (user.mimaStatus === MimaStatus.MustChange) {
      setPending(user);
      setMode(HomeDialogMode.ChangeDefaultPassword);
    } else {
      void finishSignIn(user);
    }
  };

  const changeMode = (next: HomeDialogModeValue) => {
    setMode(next);
    const abandoned = pendingRef.current;
    if (next === HomeDialogMode.None && abandoned) {
      // Abandoned the forced change: end the unused session on the server.
      void request('DELETE', 'Identity', { token: abandoned.token, silent: true, noMask: true }).catch(() => {});
      setPending(null);
    }
  };

  return (
    <>
      <SignInPage code={code} initialLang={lang} onLangChange={setLang} onConfig={setConfig} onSignedIn={signedIn} />
      <AccountDialogs
        mode={mode}
        onModeChange={changeMode}
        config={config}
        token={pending?.token}
        onPasswordChanged={async () => {
          const changed = pendingRef.current;
          if (!changed) return;
          const user = { ...changed, mimaStatus: MimaStatus.Normal, mimaChangedAt: new Date().toISOString() };
          setPending(null);
          await finishSignIn(user);
        }}
      />
    </>
  );
}
