/**
 * The plain inputs the account dialogs show (outside a declared form): the registry's `input`
 * kind, registered by the app (src/app/parts.ts: the widgets' PasswordInput and PhoneInput).
 * The engine names them and their props here; it imports no widget. They load with the
 * dialogs (LazyAccountDialogs waits for them), so a dialog opens whole.
 */
import type { ChangeEvent, ComponentType, ReactNode } from 'react';
import type { DialCode } from '../../domain/api';
import { lazyChunk } from '../lazy/lazyChunk';
import { loadPart } from '../registry/registry';
import { screensReady } from '../routes/screens';

/** A password input with a show/hide toggle; `name` is the field path. */
export interface PasswordInputProps {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  required?: boolean;
  fullWidth?: boolean;
  autoFocus?: boolean;
  size?: 'small' | 'medium';
  error?: boolean;
  helperText?: ReactNode;
}

export interface PhoneValue {
  phoneCountryCode: string;
  phone: string;
}

/** A calling code and a number, named phoneCountryCode / phone. */
export interface PhoneInputProps {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  dialCodes: readonly DialCode[];
  errors?: { phoneCountryCode?: string; phone?: string };
  required?: boolean;
}

const loaded: { password?: ComponentType<PasswordInputProps>; phone?: ComponentType<PhoneInputProps> } = {};

// The app registers its parts with the first section route (routes/screens.ts); the dialogs
// also open on /home, before any section route, so their inputs wait for the registrations.
const input = async <T,>(name: string): Promise<T> => {
  await screensReady();
  return loadPart<T>('input', name);
};

/** Loads the account dialogs' inputs (the dialogs' chunk waits for them). */
export async function loadAccountInputs(): Promise<void> {
  const [password, phone] = await Promise.all([input<ComponentType<PasswordInputProps>>('password'), input<ComponentType<PhoneInputProps>>('phone')]);
  Object.assign(loaded, { password, phone });
}

// Before they are loaded (a dialog rendered without LazyAccountDialogs): lazily, under the
// caller's Suspense.
const LazyPassword = lazyChunk(() => input<ComponentType<PasswordInputProps>>('password').then((c) => ({ default: c })));
const LazyPhone = lazyChunk(() => input<ComponentType<PhoneInputProps>>('phone').then((c) => ({ default: c })));

export function PasswordInput(props: PasswordInputProps) {
  const Input = loaded.password ?? LazyPassword;
  return <Input {...props} />;
}

export function PhoneInput(props: PhoneInputProps) {
  const Input = loaded.phone ?? LazyPhone;
  return <Input {...props} />;
}
