import { describe, it, expect } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN, checkBetween, checkNewPassword, checkPasswordRule } from '../../src/domain/password';
import { validatePasswordChange } from '../../src/domain/profile';

describe('password rule', () => {
  it('limits are 8 and 20', () => {
    expect([PASSWORD_MIN, PASSWORD_MAX]).toEqual([8, 20]);
  });

  it.each(['Abcdefg1', 'Abcdefg1@$!%*?&', 'aB3aB3aB3aB3aB3aB3aB', 'ZZZZZZz9'])('accepts %s', (pw) => {
    expect(checkPasswordRule(pw)).toBeNull();
  });

  it.each([
    ['too short', 'Abcde1'],
    ['too long', 'aB3aB3aB3aB3aB3aB3aB3'],
    ['no uppercase', 'abcdefg1'],
    ['no lowercase', 'ABCDEFG1'],
    ['no digit', 'Abcdefgh'],
    ['disallowed symbol #', 'Abcdefg1#'],
    ['space', 'Abcd efg1'],
    ['non-ASCII letter', 'Abcdéfg1'],
    ['empty', ''],
  ])('rejects %s', (_why, pw) => {
    expect(checkPasswordRule(pw)).toEqual({ key: 'passwordRule' });
  });

  it('checkBetween counts characters', () => {
    expect(checkBetween('1234567', 8, 20)).toEqual({ key: 'between', params: { min: 8, max: 20 } });
    expect(checkBetween('12345678', 8, 20)).toBeNull();
    expect(checkBetween('x'.repeat(21), 8, 20)).not.toBeNull();
  });

  it('a new password fails required, then length, then the rule', () => {
    expect(checkNewPassword('')).toEqual({ key: 'required' });
    expect(checkNewPassword(undefined)).toEqual({ key: 'required' });
    expect(checkNewPassword('Ab1')).toEqual({ key: 'between', params: { min: 8, max: 20 } });
    expect(checkNewPassword('abcdefgh')).toEqual({ key: 'passwordRule' });
    expect(checkNewPassword('Abcdefg1')).toBeNull();
  });
});

describe('validatePasswordChange', () => {
  it('passes a valid change', () => {
    expect(validatePasswordChange({ originalMima: 'whatever1', newMima: 'Abcdefg1', confirmNewMima: 'Abcdefg1' })).toEqual({});
  });

  it('flags each field with its own key', () => {
    expect(validatePasswordChange({})).toEqual({
      originalMima: { key: 'required' },
      newMima: { key: 'required' },
      confirmNewMima: { key: 'required' },
    });
    expect(validatePasswordChange({ originalMima: 'short', newMima: 'abcdefgh', confirmNewMima: 'Abcdefg2' })).toEqual({
      originalMima: { key: 'between', params: { min: 8, max: 20 } },
      newMima: { key: 'passwordRule' },
      confirmNewMima: { key: 'confirmed' },
    });
  });

  it('the old password needs only length, not the rule', () => {
    expect(validatePasswordChange({ originalMima: 'lowercase', newMima: 'Abcdefg1', confirmNewMima: 'Abcdefg1' })).toEqual({});
  });

  it('the confirmation must be 8 to 20 and equal to the new password', () => {
    expect(validatePasswordChange({ originalMima: 'Abcdefg0', newMima: 'Abcdefg1', confirmNewMima: 'Abc' }).confirmNewMima)
      .toEqual({ key: 'between', params: { min: 8, max: 20 } });
    expect(validatePasswordChange({ originalMima: 'Abcdefg0', newMima: 'Abcdefg1', confirmNewMima: 'Abcdefg9' }).confirmNewMima)
      .toEqual({ key: 'confirmed' });
  });

  it('requireConfirm false ignores the confirmation (server side)', () => {
    expect(validatePasswordChange({ originalMima: 'Abcdefg0', newMima: 'Abcdefg1' }, { requireConfirm: false })).toEqual({});
  });
});
