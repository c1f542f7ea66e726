/**
 * A sign-in the light sign-in page could not finish by itself: the account must first change
 * its default password (mimaStatus 2), which the full app's dialogs do. The light page leaves
 * the answered user here and starts the full app on the same /login URL; its LoginPage takes
 * the user and opens the change-default-password dialog (SPEC.md section 4).
 */
import type { SessionUser } from '../../domain/api';

let pending: SessionUser | null = null;

export function handOffSignIn(user: SessionUser): void {
  pending = user;
}

/** The handed-off user, once. */
export function takeHandedOffSignIn(): SessionUser | null {
  const user = pending;
  pending = null;
  return user;
}
