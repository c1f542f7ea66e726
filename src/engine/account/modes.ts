import { HomeDialogMode } from '../../domain/enums';

export { HomeDialogMode };
export type HomeDialogModeValue = (typeof HomeDialogMode)[keyof typeof HomeDialogMode];
