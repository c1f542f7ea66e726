/**
 * /home: welcome, the profile summary, the announcements of GET system/announcement/Home,
 * and — once per session — the suggestion to change a password older than six months.
 */
import { lazy, Suspense, useEffect } from 'react';
import { contentShown } from '../lazy/afterContent';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../domain/api';
import { zonedTime } from '../../domain/datetime';
import { pickName, type Lang, type Names } from '../../domain/lang';
import { shouldSuggestPasswordChange } from '../../domain/limits';
import { HTML_LANG } from '../i18n/i18n';
import { useHomeDialog } from '../account/HomeDialogContext';
import { HomeDialogMode } from '../account/modes';
import { PROFILE_KEY, shownProfile } from '../account/profile';
import { shownName } from '../../domain/seedNames';
import { formatPhone } from '../account/ProfileDialog';
import { useApi } from '../api/swr';
import { useLang } from '../i18n/useLang';
import { useSessionConfig } from '../session/config';
import { useSession } from '../session/store';

export interface HomeAnnouncement {
  id: number;
  title: Names;
  content: Names;
  startTime: string;
  endTime: string | null;
  /** The zone the times were entered in (TIMEZONES id); they show in it. */
  timezoneId?: number | null;
  /** The category's names ({} without one). */
  categoryNames?: Names;
  publishedByOperator?: boolean;
}

// The dashboard (charts) is a chunk of its own, read after the page showed.
const HomeDashboard = lazy(() => import('./HomeDashboard'));

export const ANNOUNCEMENTS_KEY = 'system/announcement/Home';

function suggestedKey(userId: number, token: string): string {
  return `oioc.suggested.${userId}.${token.slice(-8)}`;
}

function useSuggestPasswordChange(profile: Profile | undefined) {
  const session = useSession();
  const { mode, setMode } = useHomeDialog();
  useEffect(() => {
    if (!profile || !session || mode !== HomeDialogMode.None) return;
    const changedAt = profile.mimaChangedAt || session.user.mimaChangedAt;
    if (!shouldSuggestPasswordChange(changedAt, new Date())) return;
    const key = suggestedKey(session.user.userId, session.user.token);
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, '1');
    } catch {
      /* no storage: suggest anyway */
    }
    setMode(HomeDialogMode.SuggestPasswordChange);
  }, [profile, session, mode, setMode]);
}

function Field({ label, value, name }: { label: string; value: string; name: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1.1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" data-field={name} sx={{ fontWeight: 500, textAlign: 'right', wordBreak: 'break-all' }}>
        {value || '—'}
      </Typography>
    </Box>
  );
}

function CardTitle({ icon, title, action }: { icon: React.ReactNode; title: string; action?: React.ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5, gap: 1.25 }}>
      <Box sx={{ width: 36, height: 36, borderRadius: 2, bgcolor: 'rgba(184,58,36,0.1)', color: 'primary.main', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {icon}
      </Box>
      <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {action}
    </Stack>
  );
}

function ProfileCard({ profile: stored }: { profile: Profile | undefined }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const profile = stored && shownProfile(stored, lang);
  const { openProfile } = useHomeDialog();
  return (
    <Card data-testid="profile-card" sx={{ height: '100%' }}>
      <CardContent sx={{ p: 3 }}>
        <CardTitle
          icon={<PersonOutlineRounded fontSize="small" />}
          title={t('home.profile')}
          action={
            <Button size="small" onClick={() => void openProfile()} data-testid="profile-card-open">
              {t('home.viewProfile')}
            </Button>
          }
        />
        <Divider sx={{ mb: 0.5 }} />
        {profile ? (
          <>
            <Field name="account" label={t('profile.account')} value={profile.account} />
            <Field name="name" label={t('profile.name')} value={profile.name} />
            <Field name="roleName" label={t('profile.role')} value={profile.roleName} />
            <Field name="phone" label={t('profile.phone')} value={formatPhone(profile)} />
            <Field name="email" label={t('profile.email')} value={profile.email ?? ''} />
          </>
        ) : (
          [0, 1, 2, 3, 4].map((i) => <Skeleton key={i} height={36} />)
        )}
      </CardContent>
    </Card>
  );
}

/** An announcement's period in its own zone (src/domain/datetime.ts), the zone named once where it is not the user's. */
function periodText(a: HomeAnnouncement, lang: Lang): string {
  const start = zonedTime(a.startTime, { timezoneId: a.timezoneId, lang });
  const end = zonedTime(a.endTime, { timezoneId: a.timezoneId, lang });
  const zoneName = start?.zoneName ?? end?.zoneName;
  return [start?.text ?? '', end ? ` ~ ${end.text}` : '', zoneName ? ` ${zoneName}` : ''].join('');
}

function AnnouncementsCard() {
  const { t } = useTranslation();
  const [lang] = useLang();
  const { data, error, isLoading } = useApi<HomeAnnouncement[]>(ANNOUNCEMENTS_KEY);
  const list = Array.isArray(data) ? data : [];
  return (
    <Card data-testid="announcements-card" sx={{ height: '100%' }}>
      <CardContent sx={{ p: 3 }}>
        <CardTitle
          icon={<CampaignOutlined fontSize="small" />}
          title={t('home.announcements')}
          action={list.length > 0 ? <Chip size="small" label={list.length} color="primary" variant="outlined" /> : undefined}
        />
        <Divider />
        {isLoading && [0, 1].map((i) => <Skeleton key={i} height={64} />)}
        {!isLoading && (list.length === 0 || error) && (
          <Box data-testid="announcements-empty" sx={{ textAlign: 'center', py: 5, color: 'text.secondary' }}>
            <InboxOutlined sx={{ fontSize: 44, color: 'text.disabled', mb: 1 }} />
            <Typography sx={{ fontWeight: 600, color: 'text.primary' }}>{t('home.noAnnouncements')}</Typography>
            <Typography variant="body2">{t('home.noAnnouncementsHint')}</Typography>
          </Box>
        )}
        <Stack divider={<Divider flexItem />}>
          {list.map((a) => (
            <Box key={a.id} sx={{ py: 2 }} data-testid="announcement">
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>{pickName(a.title, lang)}</Typography>
                {a.publishedByOperator && <Chip size="small" label={t('home.operatorLabel')} color="secondary" data-testid="announcement-operator" sx={{ height: 20, fontSize: 11.5 }} />}
                {pickName(a.categoryNames, lang) && (
                  <Chip size="small" variant="outlined" label={pickName(a.categoryNames, lang)} data-testid="announcement-category" sx={{ height: 20, fontSize: 11.5, color: 'text.secondary', borderColor: 'divider' }} />
                )}
              </Stack>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, color: 'text.secondary', mb: 0.75 }}>
                <EventOutlined sx={{ fontSize: 15 }} />
                <Typography variant="caption" data-testid="announcement-time">
                  {periodText(a, lang)}
                </Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', lineHeight: 1.75 }}>
                {pickName(a.content, lang)}
              </Typography>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const [lang] = useLang();
  const session = useSession();
  const { data: config } = useSessionConfig();
  const { data: profile } = useApi<Profile>(PROFILE_KEY);
  useSuggestPasswordChange(profile);
  useEffect(() => contentShown(), []);
  const name = shownName(profile?.name || session?.user.name || session?.user.account || '', lang);
  const tenantName = pickName(config?.tenant?.names, lang);
  const today = new Intl.DateTimeFormat(HTML_LANG[lang], { dateStyle: 'full' }).format(new Date());

  return (
    <Stack spacing={3} data-testid="home">
      <Box
        sx={{
          borderRadius: 4,
          p: { xs: 3, sm: 4 },
          color: '#fff',
          position: 'relative',
          overflow: 'hidden',
          background: 'linear-gradient(120deg, #8f2c1a 0%, #b83a24 55%, #d5674c 100%)',
          boxShadow: '0 10px 30px rgba(184,58,36,0.25)',
        }}
      >
        <Box sx={{ position: 'absolute', right: -40, top: -60, width: 240, height: 240, borderRadius: '50%', bgcolor: 'rgba(255,255,255,0.08)' }} />
        <Box sx={{ position: 'absolute', right: 80, bottom: -90, width: 180, height: 180, borderRadius: '50%', bgcolor: 'rgba(255,255,255,0.06)' }} />
        <Typography variant="body2" sx={{ opacity: 0.85, mb: 1 }}>
          {today}
        </Typography>
        <Typography variant="h4" component="h1" data-testid="welcome" sx={{ fontSize: { xs: 24, sm: 30 }, mb: 1 }}>
          {t('home.welcome', { name })}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, opacity: 0.9 }}>
          <VerifiedUserOutlined sx={{ fontSize: 18 }} />
          <Typography variant="body2">{tenantName ? t('home.tenantLine', { tenant: tenantName }) : t('home.subtitle')}</Typography>
        </Stack>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(300px, 5fr) 7fr' }, alignItems: 'stretch' }}>
        <ProfileCard profile={profile} />
        <AnnouncementsCard />
      </Box>
      <Suspense fallback={null}>
        <HomeDashboard />
      </Suspense>
    </Stack>
  );
}
