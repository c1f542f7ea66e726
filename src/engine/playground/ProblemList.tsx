/** The problems the declaration checks found, each with the path to fix (a click selects it in the editor). */
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import { useTranslation } from 'react-i18next';
import type { Problem } from '../declarations/checks';

export function ProblemList({ problems, onPick }: { problems: readonly Problem[]; onPick: (path: string) => void }) {
  const { t } = useTranslation();
  const ok = problems.length === 0;
  return (
    <Box data-testid="playground-problems" data-count={problems.length} sx={{ borderTop: '1px solid', borderColor: 'divider' }}>
      <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1, bgcolor: ok ? 'rgba(46,125,50,0.06)' : 'rgba(211,47,47,0.05)' }}>
        {ok ? <CheckCircleOutlineRounded color="success" fontSize="small" /> : <ErrorOutlineRounded color="error" fontSize="small" />}
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {ok ? t('playground.noProblems') : t('playground.problems', { count: problems.length })}
        </Typography>
      </Box>
      {!ok && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 200, overflowY: 'auto' }}>
          {problems.map((p, i) => (
            <Box component="li" key={`${p.check}-${p.path}-${i}`} data-testid="playground-problem" data-check={p.check} data-path={p.path} sx={{ borderTop: i ? '1px solid' : 'none', borderColor: 'divider' }}>
              <ButtonBase onClick={() => onPick(p.path)} sx={{ width: '100%', textAlign: 'left', justifyContent: 'flex-start', px: 2, py: 0.75, gap: 1, alignItems: 'baseline', flexWrap: 'wrap', '&:hover': { bgcolor: 'action.hover' } }}>
                <Chip size="small" label={t(`playground.check.${p.check}`, { defaultValue: p.check })} sx={{ height: 20, fontSize: 11.5, bgcolor: 'grey.100' }} />
                <Box component="code" sx={{ fontSize: 12.5, color: 'primary.main', fontWeight: 600, wordBreak: 'break-all' }}>{p.path || '/'}</Box>
                <Typography component="span" variant="body2" sx={{ color: 'text.secondary', fontSize: 13, minWidth: 0, wordBreak: 'break-word' }}>{p.message}</Typography>
              </ButtonBase>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
