/** What view profile (mode 1) shows: the header (avatar, name, account, role) and the rows. */
import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../domain/api';
import { normalizeNullish } from '../../domain/phone';
import { useLang } from '../i18n/useLang';
import { shownProfile } from './profile';

export function formatPhone(profile: Pick<Profile, 'phoneCountryCode' | 'phone'>): string {
  const code = normalizeNullish(profile.phoneCountryCode);
  const phone = normalizeNullish(profile.phone);
  if (!phone) return '';
  return code ? `+${code.replace(/^\+/, '')} ${phone}` : phone;
}

export function Row({ label, value, name }: { label: string; value: ReactNode; name: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '96px 1fr', sm: '128px 1fr' }, gap: 2, py: 1.25 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" data-field={name} sx={{ fontWeight: 500, wordBreak: 'break-all' }}>
        {value}
      </Typography>
    </Box>
  );
}

export function ProfileHeader({ profile: stored }: { profile: Profile }) {
  const [lang] = useLang();
  const profile = shownProfile(stored, lang);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
      <Avatar sx={{ width: 52, height: 52, bgcolor: 'primary.main', fontSize: 22, fontWeight: 700 }}>
        {(profile.name || profile.account).slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h6" noWrap>
          {profile.name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.25 }}>
          <Typography variant="body2" color="text.secondary" noWrap>
            {profile.account}
          </Typography>
          {profile.roleName && <Chip size="small" label={profile.roleName} sx={{ height: 22 }} />}
        </Stack>
      </Box>
    </Stack>
  );
}

export function ProfileView({ profile: stored }: { profile: Profile }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const profile = shownProfile(stored, lang);
  const empty = <Box component="span" sx={{ color: 'text.disabled' }}>—</Box>;
  return (
    <Box data-testid="profile-view">
      <ProfileHeader profile={profile} />
      <Divider sx={{ my: 1.5 }} />
      <Row name="account" label={t('profile.account')} value={profile.account} />
      <Row name="name" label={t('profile.name')} value={profile.name} />
      <Row name="roleName" label={t('profile.role')} value={profile.roleName || empty} />
      <Row name="phone" label={t('profile.phone')} value={formatPhone(profile) || empty} />
      <Row name="email" label={t('profile.email')} value={profile.email || empty} />
    </Box>
  );
}
