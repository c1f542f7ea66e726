/**
 * The template's game as shoppers play it (issue 26): the consumer page's own game module
 * (src/consumer/games, plain DOM, loaded on demand) mounted with the template's style settings,
 * at phone width scaled into the preview column, with a demo draw (a random one of six prizes,
 * the last one "no prize"); "play again" mounts it afresh. Beside GameMiniature's static sketch.
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { gameOf } from '../domain/activity/templates';
import { isLang } from '../domain/lang';
import { loadGame } from '../consumer/games';
import { GAME_TEXTS } from '../consumer/games/texts';

export interface GameLivePreviewProps {
  gameType: number;
  core: Record<string, unknown>;
  src: (url: string) => string | null;
}

export function GameLivePreview({ gameType, core, src }: GameLivePreviewProps) {
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [round, setRound] = useState(0);
  const lang = isLang(i18n.language) ? i18n.language : 'zh_TW';
  const viewKey = gameOf(gameType)?.viewKey;
  const coreKey = JSON.stringify(core);
  useEffect(() => {
    let live = true;
    let clean: (() => void) | null = null;
    if (!viewKey) return undefined;
    const prizes = Array.from({ length: 6 }, (_, i) => ({ label: String(t('screens.gameTemplate.prize', { n: i + 1 })), picture: null }));
    const reduced = typeof window.matchMedia !== 'function' || window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    void loadGame(viewKey).then((mount) => {
      if (!live || !mount || !host.current) return;
      clean = mount(host.current, {
        core, prizes, texts: GAME_TEXTS[lang], reduced, src,
        draw: async () => { const index = Math.floor(Math.random() * prizes.length); return { index, won: index < prizes.length - 1, label: prizes[index].label, picture: null }; },
      });
    });
    return () => { live = false; clean?.(); };
  }, [viewKey, coreKey, lang, round]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!viewKey) return null;
  return (
    <Box sx={{ width: 240, display: 'grid', gap: 0.5, justifyItems: 'center' }} data-testid="game-live-preview">
      <Typography variant="caption" color="text.secondary">{t('screens.gameTemplate.livePlay')}</Typography>
      <Box sx={{ width: 240, overflow: 'hidden', borderRadius: 2, bgcolor: '#fff', boxShadow: 1 }}>
        <Box ref={host} sx={{ width: 340, zoom: 240 / 340, p: 1, boxSizing: 'border-box' }} />
      </Box>
      <Button size="small" onClick={() => setRound((r) => r + 1)}>{t('screens.gameTemplate.replay')}</Button>
    </Box>
  );
}
