/**
 * /login?code=<tenant>: the tenant's name, account and password, the forgot-password hint and
 * the tenant's login background. Validates on submit first; the password leaves encrypted.
 * A user with mimaStatus 2 must change the default password (mode 4 -> mode 6) before the
 * session is stored; everyone else lands on /home.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FieldErrors, SessionUser } from '../../domain/api';
import { MimaStatus } from '../../domain/enums';
import { pickName } from '../../domain/lang';
import { checkRequired, collectErrors } from '../../domain/rules';
import { isApiError } from '../api/ApiError';
import { request } from '../api/client';
import { encryptMima } from '../api/crypto';
import { LazyAccountDialogs as AccountDialogs } from '../account/LazyAccountDialogs';
import { HomeDialogMode, type HomeDialogModeValue } from '../account/modes';
import { useFeedback } from '../feedback/FeedbackProvider';
import { useFieldErrorText, withoutError } from '../form/fieldErrors';
import { useSubmitGuard } from '../form/useSubmitGuard';
import { useLang } from '../i18n/useLang';
import { assetUrl } from '../session/assets';
import { useTenantConfig } from '../session/config';
import { MENU_KEY, type NestedMenu } from '../session/menu';
import { takeHandedOffSignIn } from '../session/handoff';
import { rememberTenantCode, sessionStore } from '../session/store';
import { LangMenu } from '../shell/LangMenu';
import { Logo } from '../shell/Logo';
import { OutlinedField } from '../../widgets/OutlinedField';
import { PasswordInput } from '../../widgets/PasswordInput';

// Shown only for an unknown tenant code: not part of the page's first load.
const Alert = lazy(() => import('@mui/material/Alert'));

const DEFAULT_BACKGROUND =
  'radial-gradient(circle at 18% 22%, rgba(255,255,255,0.10) 0, transparent 38%),' +
  'radial-gradient(circle at 85% 80%, rgba(255,180,150,0.16) 0, transparent 42%),' +
  'linear-gradient(135deg, #241a1d 0%, #5e2016 46%, #b83a24 100%)';

export function LoginPage({ code }: { code: string }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { data: config, error: configError } = useTenantConfig(code);
  const errorText = useFieldErrorText();
  const [account, setAccount] = useState('');
  const [mima, setMima] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [pending, setPendingState] = useState<SessionUser | null>(null);
  const pendingRef = useRef<SessionUser | null>(null);
  const setPending = (user: SessionUser | null) => {
    pendingRef.current = user;
    setPendingState(user);
  };
  const [mode, setMode] = useState<HomeDialogModeValue>(HomeDialogMode.None);
  const guard = useSubmitGuard(setErrors);

  // The light sign-in page signed in an account that must first change its default password.
  useEffect(() => {
    const handed = takeHandedOffSignIn();
    if (!handed) return;
    setPending(handed);
    setMode(HomeDialogMode.ChangeDefaultPassword);
  }, []);

  // A known tenant is remembered: a later guard redirect goes back to its login page.
  useEffect(() => {
    if (config?.tenant) rememberTenantCode(code);
  }, [config, code]);

  const tenantName = pickName(config?.tenant?.names, lang);
  const background = assetUrl(config, config?.loginBackground);
  const hint = config?.forgotPasswordHint?.trim() || t('login.forgotDefault');

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

  const submit = async () => {
    if (busy) return;
    if (!guard(collectErrors({ account: checkRequired(account), mima: checkRequired(mima) }))) return;
    if (!config) return;
    setBusy(true);
    try {
      let encrypted: string;
      try {
        encrypted = await encryptMima(mima, config.passwordPublicKey);
      } catch {
        feedback.alert(t('errors.unknown'), { title: t('common.fail') });
        return;
      }
      const user = await request<SessionUser>('POST', 'Identity/token', {
        body: { tenantCode: code, account: account.trim(), mima: encrypted },
        token: null,
      });
      if (user.mimaStatus === MimaStatus.MustChange) {
        setPending(user);
        setMode(HomeDialogMode.ChangeDefaultPassword);
      } else {
        await finishSignIn(user);
      }
    } catch (e) {
      if (isApiError(e)) {
        const fields = e.fieldErrors;
        if (fields) setErrors(fields);
        setMima('');
      }
    } finally {
      setBusy(false);
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
    <Box
      data-testid="login-page"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: background ? `linear-gradient(120deg, rgba(20,16,18,0.72), rgba(20,16,18,0.25)), url("${background}") center / cover no-repeat` : DEFAULT_BACKGROUND,
        backgroundColor: '#3a1d18',
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: { xs: 1.5, sm: 2.5 } }}>
        <LangMenu tone="light" />
      </Box>
      <Box
        sx={{
          flexGrow: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: { xs: 'center', md: 'space-between' },
          gap: 6,
          width: '100%',
          maxWidth: 1180,
          mx: 'auto',
          px: { xs: 2, sm: 4 },
          pb: { xs: 4, md: 10 },
        }}
      >
        <Box sx={{ display: { xs: 'none', md: 'block' }, color: '#fff', maxWidth: 480 }}>
          <Typography sx={{ fontSize: 14, letterSpacing: 3, opacity: 0.75, mb: 2, textTransform: 'uppercase' }}>{t('login.tagline')}</Typography>
          <Typography component="p" sx={{ fontSize: 40, fontWeight: 800, lineHeight: 1.25, mb: 2.5 }}>
            {t('app.title')}
          </Typography>
          <Typography sx={{ fontSize: 16, opacity: 0.82, lineHeight: 1.9 }}>{t('login.intro')}</Typography>
        </Box>
        <Paper
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4.5 }, borderRadius: 4, boxShadow: '0 24px 60px rgba(0,0,0,0.28)' }}
        >
          <Logo config={config} />
          <Typography variant="h5" component="h1" sx={{ mt: 3, mb: 0.5 }}>
            {t('login.title')}
          </Typography>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary', mb: 3, minHeight: 24 }}>
            <StorefrontOutlined sx={{ fontSize: 18 }} />
            <Typography variant="body2" data-testid="tenant-name" sx={{ fontWeight: 500 }}>
              {tenantName || code}
            </Typography>
          </Stack>
          {configError && (
            <Suspense fallback={null}>
              <Alert severity="warning" sx={{ mb: 2.5 }} data-testid="tenant-unknown">
                {t('login.tenantUnknown', { code })}
              </Alert>
            </Suspense>
          )}
          <Stack spacing={2.25}>
            <OutlinedField
              name="account"
              label={t('login.account')}
              value={account}
              autoFocus
              fullWidth
              htmlInput={{ maxLength: 100, autoComplete: 'username' }}
              onChange={(e) => {
                setAccount(e.target.value);
                setErrors((errs) => withoutError(errs, 'account'));
              }}
              error={Boolean(errors.account)}
              helperText={errorText(errors, 'account')}
              startAdornment={<PersonOutlineRounded sx={{ color: 'text.secondary' }} />}
            />
            <PasswordInput
              name="mima"
              label={t('login.password')}
              value={mima}
              fullWidth
              startAdornment={<LockOutlined sx={{ color: 'text.secondary' }} />}
              onChange={(e) => {
                setMima(e.target.value);
                setErrors((errs) => withoutError(errs, 'mima'));
              }}
              error={Boolean(errors.mima)}
              helperText={errorText(errors, 'mima')}
              htmlInput={{ autoComplete: 'current-password' }}
            />
            <Button type="submit" variant="contained" size="large" fullWidth disabled={busy || !config} data-testid="sign-in" sx={{ py: 1.35, fontSize: 16, mt: 0.5 }}>
              {t('login.submit')}
            </Button>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ mt: 3, p: 1.5, borderRadius: 2, bgcolor: 'grey.50', alignItems: 'flex-start' }} data-testid="forgot-hint">
            <HelpOutlineRounded sx={{ fontSize: 18, color: 'text.secondary', mt: '2px' }} />
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('login.forgotTitle')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                {hint}
              </Typography>
            </Box>
          </Stack>
        </Paper>
      </Box>
      <Typography variant="caption" sx={{ textAlign: 'center', color: 'rgba(255,255,255,0.6)', pb: 2 }}>
        © {new Date().getFullYear()} {t('app.title')}
      </Typography>
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
    </Box>
  );
}
