/** Language selector: 繁體中文 / 简体中文 / English, each named in its own language. */
import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import TranslateRounded from '@mui/icons-material/TranslateRounded';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n/useLang';

const LangMenuList = lazy(() => import('./LangMenuList'));

export function LangMenu({ tone = 'default' }: { tone?: 'default' | 'light' }) {
  const { t } = useTranslation();
  const [lang, setLang] = useLang();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu (MUI's popover) loads on the first click and stays for its closing transition.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        color="inherit"
        data-testid="lang-select"
        // The name starts with the visible language name (WCAG 2.5.3), then says what the button is.
        aria-label={`${t(`lang.${lang}`)} · ${t('shell.language')}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => {
          setOpened(true);
          setAnchor(e.currentTarget);
        }}
        startIcon={<TranslateRounded />}
        endIcon={<ExpandMoreRounded sx={{ display: { xs: 'none', sm: 'inline-flex' } }} />}
        sx={{
          minWidth: 0,
          px: { xs: 1, sm: 1.5 },
          color: tone === 'light' ? '#fff' : 'text.secondary',
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
          '& .MuiButton-endIcon': { ml: { xs: 0, sm: 0.5 } },
        }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {t(`lang.${lang}`)}
        </Box>
      </Button>
      {(anchor || opened) && (
        <Suspense fallback={null}>
          <LangMenuList anchor={anchor} lang={lang} onClose={() => setAnchor(null)} onPick={setLang} />
        </Suspense>
      )}
    </>
  );
}
