/**
 * The sign-in page (/login?code=), the only one (issue 24): without MUI, the router or i18next,
 * so the first load paints the form after about a third of the JavaScript (issue 10 section 4).
 * It is rendered to HTML at build time (prerender.tsx), hydrated by the light entry
 * (src/app/signinMount.tsx), and shown by the full app's /login route (engine/pages/LoginPage.tsx,
 * which adds the change of a default password). On success it answers the signed-in user
 * (`onSignedIn`); its host stores the session.
 */
import { useEffect, useRef, useState, type ReactElement } from 'react';
import type { FieldErrors, SessionUser, TenantConfig } from '../../domain/api';
import { formatErrorMessage } from '../../domain/errors';
import { HTML_LANG, LANGS, pickName, type Lang } from '../../domain/lang';
import { checkRequired, collectErrors } from '../../domain/rules';
import { encryptMima } from '../api/crypto';
import { applyDocumentLang, rememberLang } from '../i18n/langStore';
import { assetUrl } from '../session/assets';
import { DefaultLogo } from '../brand/DefaultLogo';
import { rememberTenantCode } from '../session/store';
import { loadTenantConfig, postSignIn, type CallFailure } from './api';
import { ChevronIcon, EyeIcon, HelpIcon, LockIcon, PersonIcon, StoreIcon, TranslateIcon } from './icons';
import { NoticeModal, type Notice } from './NoticeModal';
import { lookup, text } from './texts';

export interface SignInPageProps {
  code: string;
  initialLang: Lang;
  /** The sign-in answered: the page is done (the full app takes over). */
  onSignedIn: (user: SessionUser, lang: Lang) => void;
  /** The footer's year as given (the build-time prerender's placeholder), else this year. */
  footerYear?: string;
  /** The user picked another language (the full app switches its own; it is remembered either way). */
  onLangChange?: (lang: Lang) => void;
  /** The tenant's public config answered (the full app's dialogs need its public key). */
  onConfig?: (config: TenantConfig) => void;
}

type Field = 'account' | 'mima';

/** The Fail modal's text of a failed call (src/engine/feedback/formatFailure.ts, without i18next). */
function failureText(lang: Lang, failure: CallFailure): string {
  if (failure.status === 429) return text(lang, 'errors.rateLimited');
  if (failure.status === 0) return text(lang, 'errors.network');
  return formatErrorMessage((key) => lookup(lang, key), failure);
}

function fieldErrorsOf(failure: CallFailure): FieldErrors | null {
  if (failure.code !== 1 || !failure.data || typeof failure.data !== 'object') return null;
  const entries = Object.entries(failure.data as Record<string, unknown>);
  if (!entries.every(([, v]) => v && typeof v === 'object' && typeof (v as { key?: unknown }).key === 'string')) return null;
  return failure.data as FieldErrors;
}

export function SignInPage({ code, initialLang, onSignedIn, footerYear, onLangChange, onConfig }: SignInPageProps) {
  const [lang, setLang] = useState<Lang>(initialLang);
  const t = (key: string, params?: Record<string, unknown>) => text(lang, key, params);
  const [config, setConfig] = useState<TenantConfig | null>(null);
  const [configFailed, setConfigFailed] = useState(false);
  const [account, setAccount] = useState('');
  const [mima, setMima] = useState('');
  const [showMima, setShowMima] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const focusAfterNotice = useRef<Field | null>(null);
  const inputs = { account: useRef<HTMLInputElement>(null), mima: useRef<HTMLInputElement>(null) };

  // Prerendered and hydrated (mount.tsx): what was typed before the script ran is kept.
  useEffect(() => {
    const typedAccount = inputs.account.current?.value ?? '';
    const typedMima = inputs.mima.current?.value ?? '';
    if (typedAccount) setAccount(typedAccount);
    if (typedMima) setMima(typedMima);
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    let live = true;
    void loadTenantConfig(code).then((result) => {
      if (!live) return;
      if (result.ok) {
        setConfig(result.value);
        onConfig?.(result.value);
        if (result.value.tenant) rememberTenantCode(code);
      } else {
        setConfigFailed(true);
        setNotice({ tone: 'error', title: text(lang, 'common.fail'), message: failureText(lang, result.failure) });
      }
    });
    return () => {
      live = false;
    };
    // The config is read once per page; a language switch does not read it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);

  useEffect(() => {
    applyDocumentLang(lang);
    document.title = `${text(lang, 'page.login')} - ${text(lang, 'app.title')}`;
  }, [lang]);

  const fail = (failure: CallFailure) => setNotice({ tone: 'error', title: t('common.fail'), message: failureText(lang, failure) });

  const errorText = (field: Field): string | undefined => {
    const e = errors[field];
    if (!e) return undefined;
    return lookup(lang, `validation.${e.key}`, e.params ?? {}) ?? t('validation.invalid');
  };

  const edit = (field: Field, value: string) => {
    (field === 'account' ? setAccount : setMima)(value);
    if (errors[field]) {
      const next = { ...errors };
      delete next[field];
      setErrors(next);
    }
  };

  const submit = async () => {
    if (busy || !config) return;
    const found = collectErrors({ account: checkRequired(account), mima: checkRequired(mima) });
    setErrors(found);
    const first = (['account', 'mima'] as const).find((f) => found[f]);
    if (first) {
      focusAfterNotice.current = first;
      setNotice({ tone: 'default', title: t('common.notice'), message: t('common.formInvalid') });
      return;
    }
    setBusy(true);
    try {
      let encrypted: string;
      try {
        encrypted = await encryptMima(mima, config.passwordPublicKey);
      } catch {
        setNotice({ tone: 'error', title: t('common.fail'), message: t('errors.unknown') });
        return;
      }
      const result = await postSignIn({ tenantCode: code, account: account.trim(), mima: encrypted });
      if (result.ok) {
        onSignedIn(result.value, lang);
        return;
      }
      const fields = fieldErrorsOf(result.failure);
      if (fields) setErrors(fields);
      setMima('');
      fail(result.failure);
    } finally {
      setBusy(false);
    }
  };

  const closeNotice = () => {
    setNotice(null);
    const field = focusAfterNotice.current;
    focusAfterNotice.current = null;
    if (field) setTimeout(() => inputs[field].current?.focus(), 0);
  };

  const pickLang = (next: Lang) => {
    rememberLang(next);
    setLang(next);
    onLangChange?.(next);
  };

  const tenantName = pickName(config?.tenant?.names, lang);
  const background = assetUrl(config ?? undefined, config?.loginBackground);
  const tenantLogo = assetUrl(config ?? undefined, config?.logo);
  const hint = config?.forgotPasswordHint?.trim() || t('login.forgotDefault');
  const disabled = busy || !config;

  const field = (name: Field, label: string, icon: ReactElement, input: ReactElement, trailing?: ReactElement) => {
    const message = errorText(name);
    return (
      <div className={message ? 'si-field si-invalid' : 'si-field'}>
        <label htmlFor={`si-${name}`}>{label}</label>
        <div className="si-input">
          {icon}
          {input}
          {trailing}
        </div>
        {message && (
          <p className="si-helper" id={`si-${name}-error`} data-testid="field-error">
            {message}
          </p>
        )}
      </div>
    );
  };

  return (
    <div
      className="si-page"
      data-testid="login-page"
      style={background ? { backgroundImage: `linear-gradient(120deg, rgba(20,16,18,0.72), rgba(20,16,18,0.25)), url("${background}")` } : undefined}
    >
      <header className="si-top">
        <label className="si-lang">
          <TranslateIcon />
          <span className="si-visually-hidden">{t('shell.language')}</span>
          <select data-testid="lang-select" aria-label={t('shell.language')} value={lang} onChange={(e) => pickLang(e.target.value as Lang)}>
            {LANGS.map((l) => (
              <option key={l} value={l} lang={HTML_LANG[l]}>
                {text(l, `lang.${l}`)}
              </option>
            ))}
          </select>
          <ChevronIcon />
        </label>
      </header>
      <main className="si-main">
        <section className="si-intro">
          <p className="si-tagline">{t('login.tagline')}</p>
          <p className="si-headline">{t('app.title')}</p>
          <p className="si-lead">{t('login.intro')}</p>
        </section>
        <form
          className="si-card"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {tenantLogo
            ? <img className="si-logo" src={tenantLogo} alt={t('app.title')} width={162} height={38} />
            : <DefaultLogo className="si-logo" label={t('app.title')} />}
          <h1 className="si-title">{t('login.title')}</h1>
          <p className="si-tenant">
            <StoreIcon />
            <span data-testid="tenant-name">{tenantName || code}</span>
          </p>
          {configFailed && (
            <p className="si-warning" role="alert" data-testid="tenant-unknown">
              {t('login.tenantUnknown', { code })}
            </p>
          )}
          {field(
            'account',
            t('login.account'),
            <PersonIcon />,
            <input
              ref={inputs.account}
              id="si-account"
              name="account"
              value={account}
              autoFocus
              autoComplete="username"
              aria-invalid={errors.account ? 'true' : undefined}
              aria-describedby={errors.account ? 'si-account-error' : undefined}
              onChange={(e) => edit('account', e.target.value)}
            />,
          )}
          {field(
            'mima',
            t('login.password'),
            <LockIcon />,
            <input
              ref={inputs.mima}
              id="si-mima"
              name="mima"
              type={showMima ? 'text' : 'password'}
              value={mima}
              autoComplete="current-password"
              aria-invalid={errors.mima ? 'true' : undefined}
              aria-describedby={errors.mima ? 'si-mima-error' : undefined}
              onChange={(e) => edit('mima', e.target.value)}
            />,
            <button
              type="button"
              className="si-eye"
              aria-label={showMima ? t('common.hidePassword') : t('common.showPassword')}
              aria-pressed={showMima}
              onClick={() => setShowMima((v) => !v)}
            >
              <EyeIcon off={showMima} />
            </button>,
          )}
          <button type="submit" className="si-button si-submit" disabled={disabled} data-testid="sign-in" aria-busy={busy || undefined}>
            {busy && <span className="si-spinner" aria-hidden="true" />}
            {t('login.submit')}
          </button>
          <div className="si-hint" data-testid="forgot-hint">
            <HelpIcon />
            <div>
              <p className="si-hint-title">{t('login.forgotTitle')}</p>
              <p className="si-hint-text">{hint}</p>
            </div>
          </div>
        </form>
      </main>
      <footer className="si-footer">
        © {footerYear ?? new Date().getFullYear()} {t('app.title')}
      </footer>
      {notice && <NoticeModal key={notice.message} notice={notice} confirmText={t('common.confirm')} onClose={closeNotice} />}
    </div>
  );
}
