/** The tenant logo (162x38; config.logo, else the default drawn in the page), linking to /home when asked. */
import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TenantConfig } from '../../domain/api';
import { assetUrl } from '../session/assets';
import { DefaultLogo } from '../brand/DefaultLogo';

export function Logo({ config, to }: { config: TenantConfig | undefined; to?: string }) {
  const { t } = useTranslation();
  const src = assetUrl(config, config?.logo);
  const size = { display: 'block', width: { xs: 128, sm: 162 }, height: { xs: 30, sm: 38 } };
  // The default logo is drawn in the page: it shows with the shell, not after a separate SVG
  // document has been built (src/engine/brand/DefaultLogo.tsx).
  const img = src
    ? <Box component="img" src={src} alt={t('app.title')} width={162} height={38} sx={{ ...size, objectFit: 'contain', objectPosition: 'left center' }} />
    : <Box component={DefaultLogo} label={t('app.title')} sx={size} />;
  if (!to) return img;
  return (
    <Box component={RouterLink} to={to} aria-label={t('shell.home')} data-testid="logo-link" sx={{ display: 'inline-flex', borderRadius: 1, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}>
      {img}
    </Box>
  );
}
