/**
 * The account dialogs' declared forms (src/schemas/session/*.json) check what the domain rules
 * check, field by field and key by key: the password change (validatePasswordChange, SPEC.md 5's
 * password rule) and the profile's phone (validateProfileUpdate), which PUT System/mima and
 * PUT System/user apply on the server. The password fields of the profile count only while its
 * change-password switch is on.
 */
import { describe, expect, it } from 'vitest';
import { resolveForm, type FormFile } from '../../src/domain/declarations';
import { validatePasswordChange, validateProfileUpdate } from '../../src/domain/profile';
import { createValidator } from '../../src/domain/validation/index';
import passwordFile from '../../src/schemas/session/password.json';
import profileFile from '../../src/schemas/session/profile.json';

const password = createValidator(resolveForm((passwordFile as FormFile).form));
const profile = createValidator(resolveForm((profileFile as FormFile).form));

const PASSWORDS = ['', ' ', 'short1A', 'Abcdefg1', 'abcdefgh1', 'ABCDEFGH1', 'Abcdefgh', 'Abc def12', 'Abcdefg1#', 'Abcdefg1@', 'A1b'.repeat(7), `${'Aa1'.repeat(6)}xx`, '密碼Abcdef12'];

const PHONES: [string, string][] = [
  ['886', '0912345678'], ['886', '912345678'], ['+886', '0912345678'], ['886', '0223456789'], ['886', '12345'],
  ['886', ''], ['', '0912345678'], ['', ''], ['999', '0912345678'], ['zz', '12'], ['65', '0911222333'], ['65', '91234567'],
  ['86', '13812345678'], ['886', '1'.repeat(16)], ['1', '2015550123'],
];

describe('session.password', () => {
  it('answers what validatePasswordChange answers', () => {
    let cases = 0;
    for (const originalMima of PASSWORDS) {
      for (const newMima of PASSWORDS) {
        for (const confirmNewMima of [newMima, '', 'Other123x']) {
          const form = { originalMima, newMima, confirmNewMima };
          expect(password(form), JSON.stringify(form)).toEqual(validatePasswordChange(form));
          cases++;
        }
      }
    }
    expect(cases).toBeGreaterThan(400);
  });
});

describe('session.profile', () => {
  it('answers what validateProfileUpdate answers for the phone, with the switch off', () => {
    for (const [phoneCountryCode, phone] of PHONES) {
      const form = { phoneCountryCode, phone, changePassword: false, originalMima: 'left over' };
      // The app leaves the hidden password fields out of what it checks (useSchemaForm).
      const { originalMima: _hidden, ...shown } = form;
      expect(profile(shown), JSON.stringify(form)).toEqual(validateProfileUpdate(form));
    }
  });

  it('adds what validatePasswordChange answers with the switch on', () => {
    for (const [phoneCountryCode, phone] of PHONES.slice(0, 6)) {
      for (const newMima of PASSWORDS) {
        const form = { phoneCountryCode, phone, changePassword: true, originalMima: 'Abcdefg1', newMima, confirmNewMima: newMima };
        expect(profile(form), JSON.stringify(form)).toEqual({ ...validateProfileUpdate(form), ...validatePasswordChange(form) });
      }
    }
    expect(profile({ phoneCountryCode: '886', phone: '0912345678', changePassword: true })).toEqual({
      originalMima: { key: 'required' }, newMima: { key: 'required' }, confirmNewMima: { key: 'required' },
    });
  });
});
