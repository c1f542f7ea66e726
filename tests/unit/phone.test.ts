import { describe, it, expect } from 'vitest';
import { checkMobilePhone, isKnownCallingCode, normalizeNullish } from '../../src/domain/phone';
import { validateProfileUpdate } from '../../src/domain/profile';

describe('normalizeNullish', () => {
  it.each([null, undefined, '', '  ', 'null', ' null '])('treats %j as empty', (v) => {
    expect(normalizeNullish(v)).toBe('');
  });
  it('keeps other text trimmed, numbers as text', () => {
    expect(normalizeNullish(' 0912 ')).toBe('0912');
    expect(normalizeNullish(886)).toBe('886');
    expect(normalizeNullish('nullable')).toBe('nullable');
  });
});

describe('checkMobilePhone', () => {
  it('accepts a Taiwan mobile with and without the national leading 0', () => {
    expect(checkMobilePhone('886', '0912345678')).toBeNull();
    expect(checkMobilePhone('886', '912345678')).toBeNull();
  });

  it('accepts a calling code written with +', () => {
    expect(checkMobilePhone('+886', '0912345678')).toBeNull();
  });

  it('rejects a Taiwan landline', () => {
    expect(checkMobilePhone('886', '0223456789')).toEqual({ key: 'phoneNumber' });
  });

  it('accepts a mainland China mobile and rejects it under another code', () => {
    expect(checkMobilePhone('86', '13812345678')).toBeNull();
    expect(checkMobilePhone('886', '13812345678')).toEqual({ key: 'phoneNumber' });
  });

  it('rejects an unknown or missing calling code', () => {
    expect(checkMobilePhone('999', '912345678')).toEqual({ key: 'phoneNumber' });
    expect(checkMobilePhone('', '912345678')).toEqual({ key: 'phoneNumber' });
    expect(checkMobilePhone('null', '912345678')).toEqual({ key: 'phoneNumber' });
    expect(checkMobilePhone('abc', '912345678')).toEqual({ key: 'phoneNumber' });
    expect(isKnownCallingCode('999')).toBe(false);
    expect(isKnownCallingCode('+65')).toBe(true);
  });

  it("requires the phone; 'null' counts as empty", () => {
    expect(checkMobilePhone('886', '')).toEqual({ key: 'required' });
    expect(checkMobilePhone('886', null)).toEqual({ key: 'required' });
    expect(checkMobilePhone('886', undefined)).toEqual({ key: 'required' });
    expect(checkMobilePhone('886', 'null')).toEqual({ key: 'required' });
  });

  it('allows digits only', () => {
    expect(checkMobilePhone('886', '0912abc678')).toEqual({ key: 'phoneDigits' });
    expect(checkMobilePhone('886', '0912-345-678')).toEqual({ key: 'phoneDigits' });
    expect(checkMobilePhone('886', '+886912345678')).toEqual({ key: 'phoneDigits' });
  });

  it('allows at most 15 digits', () => {
    expect(checkMobilePhone('886', '0912345678901234')).toEqual({ key: 'max', params: { length: 15 } });
    expect(checkMobilePhone('886', '091234567890123')).toEqual({ key: 'phoneNumber' });
  });
});

describe('validateProfileUpdate', () => {
  it('passes a valid profile', () => {
    expect(validateProfileUpdate({ phoneCountryCode: '886', phone: '0912345678' })).toEqual({});
    expect(validateProfileUpdate({ phoneCountryCode: '+65', phone: '81234567' })).toEqual({});
  });

  it('requires both fields; the string null is empty', () => {
    expect(validateProfileUpdate({})).toEqual({ phoneCountryCode: { key: 'required' }, phone: { key: 'required' } });
    expect(validateProfileUpdate({ phoneCountryCode: 'null', phone: 'null' })).toEqual({
      phoneCountryCode: { key: 'required' }, phone: { key: 'required' },
    });
  });

  it('flags an unknown calling code on the code field only', () => {
    expect(validateProfileUpdate({ phoneCountryCode: '999', phone: '912345678' })).toEqual({
      phoneCountryCode: { key: 'phoneCountryCode' },
    });
  });

  it('flags a wrong phone on the phone field', () => {
    expect(validateProfileUpdate({ phoneCountryCode: '886', phone: '0223456789' })).toEqual({ phone: { key: 'phoneNumber' } });
    expect(validateProfileUpdate({ phoneCountryCode: '886', phone: { x: 1 } })).toEqual({ phone: { key: 'phoneDigits' } });
  });
});
