/** The panel of a function whose screen is not built yet: it names the function. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionRounded from '@mui/icons-material/ConstructionRounded';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pickName } from '../../domain/lang';
import { menuTrail, type MenuNode } from '../../domain/menu';
import { useLang } from '../i18n/useLang';

export function ComingSoon({ node }: { node: MenuNode }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const name = pickName(node.names, lang);
  const group = menuTrail(node.path)[0];
  const groupName = group && group.id !== node.id ? pickName(group.names, lang) : '';
  return (
    <Paper
      data-testid="coming-soon"
      sx={{
        p: { xs: 3, sm: 6 },
        textAlign: 'center',
        border: '1px solid',
        borderColor: 'divider',
        boxShadow: 'none',
        background: 'radial-gradient(circle at 50% 0%, rgba(184,58,36,0.06), transparent 60%), #fff',
      }}
    >
      <Box
        sx={{
          width: 88,
          height: 88,
          borderRadius: '50%',
          mx: 'auto',
          mb: 3,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'rgba(184,58,36,0.1)',
          color: 'primary.main',
        }}
      >
        <ConstructionRounded sx={{ fontSize: 44 }} />
      </Box>
      {groupName && (
        <Typography variant="overline" color="text.secondary" sx={{ letterSpacing: 1.5 }}>
          {groupName}
        </Typography>
      )}
      <Typography variant="h5" component="h1" sx={{ mb: 1.5 }} data-testid="page-title">
        {name}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 460, mx: 'auto', mb: 4, lineHeight: 1.8 }}>
        {t('comingSoon.message', { name })}
      </Typography>
      <Button component={RouterLink} to="/home" variant="outlined" startIcon={<ArrowBackRounded />}>
        {t('comingSoon.backHome')}
      </Button>
    </Paper>
  );
}
