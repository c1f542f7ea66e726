/**
 * Step 1 (create): choose the game, then one of the tenant's templates of that game (SPEC.md 2
 * "game-template list filtered by game type"). Choosing goes to step 2 with the template.
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
import SportsEsportsOutlined from '@mui/icons-material/SportsEsportsOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { GameType } from '../../domain/enums';
import { useCallApi } from '../../engine/crud/apiCall';
import { assetUrl } from '../../engine/session/assets';
import { LOTTERY_BASE, type TemplateOption } from './types';
import { WizardSteps } from './WizardSteps';

export default function LotteryTemplateStep() {
  const { t } = useTranslation();
  const call = useCallApi();
  const navigate = useNavigate();
  const [game, setGame] = useState<number>(GameType.All);
  const [templates, setTemplates] = useState<TemplateOption[] | null>(null);
  const k = (key: string) => t(`screens.lottery.${key}`);

  useEffect(() => {
    let live = true;
    call<TemplateOption[]>('GET marketing/lottery-activity/template-options', {}, { query: game ? { gameType: game } : {} })
      .then((list) => { if (live) setTemplates(list); }).catch(() => {});
    return () => { live = false; };
  }, [call, game]);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper sx={{ p: { xs: 1, sm: 2 } }}><WizardSteps active={0} /></Paper>
      <Paper sx={{ p: 2, display: 'grid', gap: 2 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>{k('gameType')}</Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="radiogroup" aria-label={k('gameType')}>
          {Object.values(GameType).map((g) => (
            <Chip key={g} role="radio" aria-checked={g === game} data-testid={`game-${g}`} label={g === 0 ? k('all') : t(`enums.GameType.${g}`)}
              color={g === game ? 'primary' : 'default'} variant={g === game ? 'filled' : 'outlined'} onClick={() => setGame(g)} />
          ))}
        </Box>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>{k('template')}</Typography>
        {templates && templates.length === 0 && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid="no-templates">
            <Typography color="text.secondary">{k('noTemplates')}</Typography>
            <Button size="small" onClick={() => navigate(`${LOTTERY_BASE}?tab=activity.game-template`)}>{k('templates')}</Button>
          </Box>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(200px, 1fr))' } }}>
          {templates?.map((tp) => (
            <Card key={tp.id} variant="outlined" data-testid={`template-${tp.id}`}>
              <CardActionArea onClick={() => navigate(`${LOTTERY_BASE}/config?templateId=${tp.id}`)} sx={{ height: '100%' }}>
                <Box sx={{ aspectRatio: '4 / 3', bgcolor: 'action.hover', display: 'grid', placeItems: 'center', overflow: 'hidden' }}>
                  {tp.coverUrl
                    ? <Box component="img" src={assetUrl(undefined, tp.coverUrl) ?? undefined} alt={tp.name} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
                    : <SportsEsportsOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />}
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
      <Box><Button onClick={() => navigate(LOTTERY_BASE)}>{k('back')}</Button></Box>
    </Box>
  );
}
