/** Icon names a row action may use (icons.tsx maps them); without React, for the schema tests. */
export const ACTION_ICON_NAMES = [
  'Add', 'Block', 'CheckCircle', 'ContentCopy', 'Delete', 'Download', 'Edit', 'Key', 'LockOpen', 'LockReset', 'PlayArrow',
  'Refresh', 'Send', 'Visibility',
] as const;
