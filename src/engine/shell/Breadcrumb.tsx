/**
 * Breadcrumb of the current function path: Home > group > function, the last item in red.
 * On the right, when the operator published a help document for the function (config
 * `document`, in the user's language with the fallback zh_TW, zh_CN, en), a help button that
 * opens the PDF in a new tab.
 */
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import NavigateNextRounded from '@mui/icons-material/NavigateNextRounded';
import { Link as RouterLink, useLocation, useMatches } from 'react-router-dom';
import { isRouteHandle } from '../routes/meta';
import { useTranslation } from 'react-i18next';
import { pickDocument } from '../../domain/helpDocuments';
import { pickName } from '../../domain/lang';
import { menuTrail, type MenuNode } from '../../domain/menu';
import { useLang } from '../i18n/useLang';
import { assetUrl } from '../session/assets';
import { useSessionConfig } from '../session/config';
import { useUserMenu } from '../session/menu';

export function Breadcrumb() {
  const { t } = useTranslation();
  const [lang] = useLang();
  const { pathname } = useLocation();
  const { menu } = useUserMenu();
  const delivered = menu ? menuTrail(pathname, menu as MenuNode[]) : [];
  const trail = delivered.length > 0 ? delivered : menuTrail(pathname);
  // A page outside the menu (the playground) shows its own title after Home.
  const handle = useMatches().map((m) => m.handle).filter(isRouteHandle).pop();
  const page = trail.length === 0 && handle?.titleKey && handle.titleKey !== 'page.home' ? t(handle.titleKey) : null;
  const names = trail.length > 0 ? trail.map((n) => pickName(n.names, lang)) : [page ?? t('shell.home')];
  const isHome = trail.length === 0 && !page;
  const { data: config } = useSessionConfig();
  const current = trail[trail.length - 1];
  const docUrl = current ? pickDocument(config?.document, current.id, lang) : null;
  const href = docUrl ? assetUrl(config, docUrl) : null;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1.5, mb: 2.5, minHeight: 32 }}>
      <Breadcrumbs
        aria-label={t('shell.breadcrumb')}
        data-testid="breadcrumb"
        separator={<NavigateNextRounded fontSize="small" />}
        sx={{ fontSize: 14, minWidth: 0, '& .MuiBreadcrumbs-separator': { color: 'text.disabled', mx: 0.5 } }}
      >
        {!isHome && (
          <Link component={RouterLink} to="/home" underline="hover" color="text.secondary" sx={{ display: 'inline-flex', alignItems: 'center' }} aria-label={t('shell.home')}>
            <HomeOutlined sx={{ fontSize: 18 }} />
          </Link>
        )}
        {names.map((name, i) => {
          const last = i === names.length - 1;
          return (
            <Typography
              key={`${i}-${name}`}
              component="span"
              data-testid={last ? 'breadcrumb-current' : undefined}
              aria-current={last ? 'page' : undefined}
              sx={{ fontSize: 14, fontWeight: last ? 600 : 400, color: last ? 'primary.main' : 'text.secondary', display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
            >
              {isHome && <HomeOutlined sx={{ fontSize: 18 }} />}
              {name}
            </Typography>
          );
        })}
      </Breadcrumbs>
      {href && (
        <Button
          component="a"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          size="small"
          variant="outlined"
          startIcon={<HelpOutlineRounded />}
          data-testid="help-document"
          sx={{ flexShrink: 0, bgcolor: 'background.paper', borderColor: 'divider', color: 'text.secondary', '&:hover': { borderColor: 'primary.main', color: 'primary.main', bgcolor: 'background.paper' } }}
        >
          {t('shell.helpDocument')}
        </Button>
      )}
    </Box>
  );
}
