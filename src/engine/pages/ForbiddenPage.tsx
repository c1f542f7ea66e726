/** /forbidden: the notice shown when the login link lacks its tenant code. */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import { useTranslation } from 'react-i18next';
import { LangMenu } from '../shell/LangMenu';

export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 2 }}>
        <LangMenu />
      </Box>
      <Box sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, pb: 8 }}>
        <Paper data-testid="forbidden" sx={{ maxWidth: 480, width: '100%', p: { xs: 4, sm: 6 }, textAlign: 'center', border: '1px solid', borderColor: 'divider', boxShadow: '0 8px 30px rgba(16,24,40,0.06)' }}>
          <Box sx={{ width: 84, height: 84, mx: 'auto', mb: 3, borderRadius: '50%', bgcolor: 'rgba(184,58,36,0.1)', color: 'primary.main', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <GppMaybeOutlined sx={{ fontSize: 44 }} />
          </Box>
          <Typography variant="h5" component="h1" sx={{ mb: 1.5 }}>
            {t('forbidden.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ lineHeight: 1.8 }}>
            {t('forbidden.message')}
          </Typography>
        </Paper>
      </Box>
    </Box>
  );
}
