/** The head of a declared screen: its title (h1), the declaration's description, actions on the right. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ScreenDeclaration } from '../../domain/declarations';

export function PageHeader({ decl, actions }: { decl: Pick<ScreenDeclaration, 'title' | 'description'>; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1.5 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h1" data-testid="page-title" sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' } }}>
          {t(decl.title)}
        </Typography>
        {decl.description && (
          <Typography variant="body2" color="text.secondary" data-testid="page-description" sx={{ mt: 0.75, maxWidth: 760, lineHeight: 1.7 }}>
            {t(decl.description)}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}
