/**
 * Step 1 (create) of the lottery wizard: choose the game, then one of the tenant's templates of
 * that game (SPEC.md 2 "game-template list filtered by game type"). Choosing a template goes on
 * to step 2 with it; Next goes on with the chosen one (`?templateId=`, kept when coming back) and
 * stays with a message while none is chosen.
 */
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import SportsEsportsOutlined from '@mui/icons-material/SportsEsportsOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { GameType } from '../../domain/enums';
import { useCallApi } from '../../engine/crud/apiCall';
import { assetUrl } from '../../engine/session/assets';
import { useWizardStep, type WizardStepProps } from '../../engine/wizard/context';
import type { TemplateOption } from './types';

export default function LotteryTemplateStep({ decl, query, go }: WizardStepProps) {
  const { t } = useTranslation();
  const call = useCallApi();
  const navigate = useNavigate();
  const [game, setGame] = useState<number>(GameType.All);
  const [templates, setTemplates] = useState<TemplateOption[] | null>(null);
  const [missing, setMissing] = useState(false);
  const chosen = Number(query.get('templateId')) || null;
  const k = (key: string) => t(`screens.lottery.${key}`);

  useEffect(() => {
    let live = true;
    call<TemplateOption[]>('GET marketing/lottery-activity/template-options', {}, { query: game ? { gameType: game } : {} })
      .then((list) => { if (live) setTemplates(list); }).catch(() => {});
    return () => { live = false; };
  }, [call, game]);

  useWizardStep({
    next: () => {
      if (chosen) return { query: { templateId: chosen } };
      setMissing(true);
      return false;
    },
  });

  return (
    <Paper sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>{k('gameType')}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="radiogroup" aria-label={k('gameType')}>
        {Object.values(GameType).map((g) => (
          <Chip key={g} role="radio" aria-checked={g === game} data-testid={`game-${g}`} label={g === 0 ? k('all') : t(`enums.GameType.${g}`)}
            color={g === game ? 'primary' : 'default'} variant={g === game ? 'filled' : 'outlined'} onClick={() => setGame(g)} />
        ))}
      </Box>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>{k('template')}</Typography>
      {missing && !chosen && <Typography variant="body2" color="error" role="alert" data-testid="template-missing">{k('chooseTemplate')}</Typography>}
      {templates && templates.length === 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid="no-templates">
          <Typography color="text.secondary">{k('noTemplates')}</Typography>
          <Button size="small" onClick={() => navigate(`${decl.path}?tab=activity.game-template`)}>{k('templates')}</Button>
        </Box>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(200px, 1fr))' } }}>
        {templates?.map((tp) => (
          <Card key={tp.id} variant="outlined" data-testid={`template-${tp.id}`} sx={tp.id === chosen ? { borderColor: 'primary.main', borderWidth: 2 } : undefined}>
            <CardActionArea onClick={() => go('config', { templateId: tp.id })} aria-current={tp.id === chosen ? 'true' : undefined} sx={{ height: '100%' }}>
              <Box sx={{ aspectRatio: '4 / 3', bgcolor: 'action.hover', display: 'grid', placeItems: 'center', overflow: 'hidden', position: 'relative' }}>
                {tp.coverUrl
                  ? <Box component="img" src={assetUrl(undefined, tp.coverUrl) ?? undefined} alt={tp.name} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
                  : <SportsEsportsOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />}
                {tp.id === chosen && <CheckCircleRounded color="primary" sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'background.paper', borderRadius: '50%' }} />}
              </Box>
              <CardContent sx={{ py: 1.25 }}>
                <Typography variant="body1" sx={{ fontWeight: 600 }} noWrap>{tp.name}</Typography>
                <Typography variant="body2" color="text.secondary">{t(`enums.GameType.${tp.gameType}`)}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Paper>
  );
}
