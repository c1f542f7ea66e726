/** Breadcrumb of the current function path: Home > group > function, the last item in red. */
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import NavigateNextRounded from '@mui/icons-material/NavigateNextRounded';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pickName } from '../../domain/lang';
import { menuTrail, type MenuNode } from '../../domain/menu';
import { useLang } from '../i18n/useLang';
import { useUserMenu } from '../session/menu';

export function Breadcrumb() {
  const { t } = useTranslation();
  const [lang] = useLang();
  const { pathname } = useLocation();
  const { menu } = useUserMenu();
  const delivered = menu ? menuTrail(pathname, menu as MenuNode[]) : [];
  const trail = delivered.length > 0 ? delivered : menuTrail(pathname);
  const names = trail.length > 0 ? trail.map((n) => pickName(n.names, lang)) : [t('shell.home')];
  const isHome = trail.length === 0;

  return (
    <Breadcrumbs
      aria-label={t('shell.breadcrumb')}
      data-testid="breadcrumb"
      separator={<NavigateNextRounded fontSize="small" />}
      sx={{ mb: 2.5, fontSize: 14, '& .MuiBreadcrumbs-separator': { color: 'text.disabled', mx: 0.5 } }}
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
  );
}
