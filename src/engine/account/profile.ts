/**
 * The signed-in user's profile (GET/PUT System/user) and password change (PUT System/mima).
 * The writes are silent: the dialogs' forms show what failed (field errors on the fields, any
 * other failure in the Fail modal).
 */
import type { Profile } from '../../domain/api';
import { request } from '../api/client';
import { encryptMima } from '../api/crypto';
import type { Lang } from '../../domain/lang';
import { shownName } from '../../domain/seedNames';

export const PROFILE_KEY = 'System/user';

/** The profile as shown: a system-given name and role name in the interface language. */
export function shownProfile(profile: Profile, lang: Lang): Profile {
  return { ...profile, name: shownName(profile.name, lang), roleName: shownName(profile.roleName, lang) } as Profile;
}

export interface ProfileSave {
  phoneCountryCode: string;
  phone: string;
  /** Plain passwords; encrypted here before they leave. */
  password?: { originalMima: string; newMima: string };
}

export async function saveProfile(input: ProfileSave, publicKey: string): Promise<Profile> {
  const body: Record<string, string> = { phoneCountryCode: input.phoneCountryCode, phone: input.phone };
  if (input.password) {
    body.originalMima = await encryptMima(input.password.originalMima, publicKey);
    body.newMima = await encryptMima(input.password.newMima, publicKey);
  }
  return request<Profile>('PUT', PROFILE_KEY, { body, silent: true });
}

export async function changePassword(
  input: { originalMima: string; newMima: string },
  publicKey: string,
  token?: string,
): Promise<void> {
  const body = {
    originalMima: await encryptMima(input.originalMima, publicKey),
    newMima: await encryptMima(input.newMima, publicKey),
  };
  await request('PUT', 'System/mima', { body, silent: true, ...(token ? { token } : {}) });
}
