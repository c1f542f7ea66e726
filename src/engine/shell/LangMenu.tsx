/** Language selector: 繁體中文 / 简体中文 / English, each named in its own language. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Box from '@mui/material/Box';
import CheckRounded from '@mui/icons-material/CheckRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import TranslateRounded from '@mui/icons-material/TranslateRounded';
import { useTranslation } from 'react-i18next';
import { LANGS } from '../../domain/lang';
import { useLang } from '../i18n/useLang';

export function LangMenu({ tone = 'default' }: { tone?: 'default' | 'light' }) {
  const { t } = useTranslation();
  const [lang, setLang] = useLang();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        data-testid="lang-select"
        aria-label={t('shell.language')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
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
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        {LANGS.map((l) => (
          <MenuItem
            key={l}
            selected={l === lang}
            data-testid={`lang-${l}`}
            onClick={() => {
              setAnchor(null);
              setLang(l);
            }}
          >
            <ListItemIcon>{l === lang ? <CheckRounded fontSize="small" color="primary" /> : null}</ListItemIcon>
            <ListItemText>{t(`lang.${l}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
