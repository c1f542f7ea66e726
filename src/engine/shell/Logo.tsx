/** The tenant logo (162x38; config.logo, else /logo.svg), linking to /home when asked. */
import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TenantConfig } from '../../domain/api';
import { assetUrl, DEFAULT_LOGO } from '../session/assets';

export function Logo({ config, to }: { config: TenantConfig | undefined; to?: string }) {
  const { t } = useTranslation();
  const img = (
    <Box
      component="img"
      src={assetUrl(config, config?.logo) ?? DEFAULT_LOGO}
      alt={t('app.title')}
      width={162}
      height={38}
      sx={{ display: 'block', width: { xs: 128, sm: 162 }, height: { xs: 30, sm: 38 }, objectFit: 'contain', objectPosition: 'left center' }}
    />
  );
  if (!to) return img;
  return (
    <Box component={RouterLink} to={to} aria-label={t('shell.home')} data-testid="logo-link" sx={{ display: 'inline-flex', borderRadius: 1, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}>
      {img}
    </Box>
  );
}
