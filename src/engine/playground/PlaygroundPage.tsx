/**
 * The screen playground (/playground, operator Admins): pick a declaration of src/schemas, edit
 * its JSON in a code editor that completes and checks against screen.schema.json, and see the
 * screen it makes beside it as one types (debounced): the list with sample rows and the form
 * in add, edit and view modes, in any of the three languages. Every check of the schema tests
 * runs on each change, listed with the path to fix. The edited file can be downloaded, with
 * its changes against the current file. Nothing typed here reaches the server or other users.
 * Loaded lazily as its own chunk (CodeMirror and the checks stay out of the first load).
 */
import { useEffect, useMemo, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DifferenceOutlined from '@mui/icons-material/DifferenceOutlined';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import i18next from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ScreenDeclaration } from '../../domain/declarations';
import { LANGS, type Lang } from '../../domain/lang';
import { resources } from '../../locales';
import SCREEN_SCHEMA from '../../schemas/screen.schema.json';
import { checkDeclaration, type Problem } from '../declarations/checks';
import { useLang } from '../i18n/useLang';
import { DiffDialog } from './DiffDialog';
import { declarationTexts } from './files';
import { JsonEditor } from './JsonEditor';
import { Preview, type PreviewMode } from './Preview';
import { ProblemList } from './ProblemList';

const DEBOUNCE_MS = 300;
const MODES: PreviewMode[] = ['list', 'add', 'edit', 'view'];
const SCHEMA = SCREEN_SCHEMA as Record<string, unknown>;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

function parse(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
}

/** The preview's own i18next (its language switch leaves the interface language alone). */
function usePreviewI18n(lang: Lang) {
  const [instance] = useState(() => {
    const i = i18next.createInstance();
    void i.init({ resources, lng: lang, fallbackLng: 'zh_TW', supportedLngs: [...LANGS], load: 'currentOnly', initAsync: false, interpolation: { escapeValue: false }, returnNull: false, react: { useSuspense: false } });
    return i;
  });
  useEffect(() => {
    if (instance.language !== lang) void instance.changeLanguage(lang);
  }, [instance, lang]);
  return instance;
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export default function PlaygroundPage() {
  const { t } = useTranslation();
  const [appLang] = useLang();
  const [params, setParams] = useSearchParams();
  const allTexts = declarationTexts();
  const picked = allTexts.find((f) => f.decl.id === params.get('id')) ?? allTexts[0];
  const [texts, setTexts] = useState<Record<string, string>>({});
  const text = texts[picked.file] ?? picked.text;
  const settled = useDebounced(text, DEBOUNCE_MS);
  const [previewLang, setPreviewLang] = useState<Lang>(appLang);
  const previewI18n = usePreviewI18n(previewLang);
  const [mode, setMode] = useState<PreviewMode>('list');
  const [focusPath, setFocusPath] = useState<{ path: string; seq: number } | null>(null);
  const [diffOpen, setDiffOpen] = useState(false);

  const parsed = useMemo(() => parse(settled), [settled]);
  const problems = useMemo<Problem[]>(
    () => (parsed.ok ? checkDeclaration(parsed.value, { file: picked.file }) : [{ check: 'json', path: '', message: parsed.message }]),
    [parsed, picked.file],
  );
  // The preview shows the last text that parsed as a declaration object.
  const [shown, setShown] = useState<{ decl: ScreenDeclaration; version: string }>({ decl: picked.decl, version: picked.text });
  useEffect(() => {
    if (parsed.ok && parsed.value && typeof parsed.value === 'object' && !Array.isArray(parsed.value)) setShown({ decl: parsed.value as ScreenDeclaration, version: settled });
  }, [parsed, settled]);

  const changed = text !== picked.text;
  const pick = (id: string) => {
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('id', id);
      return next;
    }, { replace: true });
    setMode('list');
  };
  const setText = (value: string) => setTexts((all) => ({ ...all, [picked.file]: value }));

  return (
    <Box data-testid="playground" sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1.5 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" data-testid="page-title" sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' } }}>
            {t('playground.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: 720 }}>
            {t('playground.intro')}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('playground.declaration')}
            value={picked.decl.id}
            onChange={(e) => pick(e.target.value)}
            sx={{ minWidth: 240 }}
            slotProps={{ htmlInput: { 'data-testid': 'playground-pick' }, select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } } }}
          >
            {allTexts.map((f) => (
              <MenuItem key={f.file} value={f.decl.id} data-testid={`playground-pick-${f.decl.id}`}>
                <Box component="span" sx={{ flex: 1 }}>{t(f.decl.title)}</Box>
                <Box component="span" sx={{ ml: 2, color: 'text.secondary', fontFamily: 'monospace', fontSize: 12 }}>{f.file}</Box>
              </MenuItem>
            ))}
          </TextField>
          <Badge color="primary" variant="dot" invisible={!changed}>
            <Button variant="outlined" color="inherit" startIcon={<DifferenceOutlined />} onClick={() => setDiffOpen(true)} data-testid="playground-diff" sx={{ borderColor: 'divider' }}>
              {t('playground.changes')}
            </Button>
          </Badge>
          <Button variant="outlined" color="inherit" startIcon={<RestartAltRounded />} disabled={!changed} onClick={() => setText(picked.text)} data-testid="playground-reset" sx={{ borderColor: 'divider' }}>
            {t('playground.reset')}
          </Button>
          <Button variant="contained" startIcon={<DownloadRounded />} onClick={() => download(picked.name, text)} data-testid="playground-download">
            {t('playground.download')}
          </Button>
        </Box>
      </Box>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 2, alignItems: 'start' }}>
        <Paper sx={{ border: '1px solid', borderColor: 'divider', overflow: 'hidden', display: 'flex', flexDirection: 'column', minWidth: 0, position: { lg: 'sticky' }, top: { lg: 80 } }}>
          <Box sx={{ px: 2, py: 1, borderBottom: '1px solid', borderColor: 'divider', display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }} data-testid="playground-file">src/schemas/{picked.file}</Typography>
            {changed && <Typography variant="caption" color="primary">{t('playground.edited')}</Typography>}
          </Box>
          <Box sx={{ height: { xs: '52vh', lg: 'calc(100vh - 420px)' }, minHeight: 320 }}>
            <JsonEditor key={picked.file} value={text} schema={SCHEMA} onChange={setText} label={t('playground.editor')} focusPath={focusPath} />
          </Box>
          <ProblemList problems={problems} onPick={(path) => setFocusPath((f) => ({ path, seq: (f?.seq ?? 0) + 1 }))} />
        </Paper>

        <Paper sx={{ border: '1px solid', borderColor: 'divider', overflow: 'hidden', minWidth: 0 }} data-testid="playground-preview" data-settled={shown.version === text}>
          <Box sx={{ px: { xs: 1, sm: 2 }, borderBottom: '1px solid', borderColor: 'divider', display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Tabs value={mode} onChange={(_e, m: PreviewMode) => setMode(m)} variant="scrollable" allowScrollButtonsMobile sx={{ minHeight: 44, '& .MuiTab-root': { minHeight: 44, fontWeight: 600 } }}>
              {MODES.map((m) => (
                <Tab key={m} value={m} label={t(`playground.mode.${m}`)} data-testid={`playground-mode-${m}`} />
              ))}
            </Tabs>
            <ToggleButtonGroup size="small" exclusive value={previewLang} onChange={(_e, l: Lang | null) => l && setPreviewLang(l)} aria-label={t('playground.language')} sx={{ my: 0.75 }}>
              {LANGS.map((l) => (
                <ToggleButton key={l} value={l} data-testid={`playground-lang-${l}`} sx={{ px: 1.25, py: 0.25, textTransform: 'none' }}>
                  {t(`lang.${l}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
          <Box sx={{ p: { xs: 1.5, sm: 2 }, bgcolor: 'background.default', minHeight: 320 }}>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1.5 }}>
              {t('playground.previewNote')}
            </Typography>
            <I18nextProvider i18n={previewI18n}>
              <Preview decl={shown.decl} mode={mode} version={`${previewLang}-${shown.version}`} />
            </I18nextProvider>
          </Box>
        </Paper>
      </Box>

      {diffOpen && <DiffDialog name={picked.file} before={picked.text} after={text} onClose={() => setDiffOpen(false)} onDownload={() => download(picked.name, text)} />}
    </Box>
  );
}
