/** The few icons of the light sign-in page, as inline SVG (24 x 24, currentColor). */
import type { ReactNode } from 'react';

function Icon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const PersonIcon = () => (
  <Icon><circle cx="12" cy="8" r="3.6" /><path d="M4.8 19.4c1.2-3.2 3.9-4.9 7.2-4.9s6 1.7 7.2 4.9" /></Icon>
);
export const LockIcon = () => (
  <Icon><rect x="5" y="10.5" width="14" height="9.5" rx="2" /><path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5" /></Icon>
);
export const StoreIcon = () => (
  <Icon size={18}><path d="M4 9.5 5.5 5h13L20 9.5" /><path d="M4 9.5h16v1a2.7 2.7 0 0 1-5.3 0 2.7 2.7 0 0 1-5.4 0A2.7 2.7 0 0 1 4 10.5z" /><path d="M5.5 13v6h13v-6" /></Icon>
);
export const HelpIcon = () => (
  <Icon size={18}><circle cx="12" cy="12" r="8.5" /><path d="M9.8 9.6a2.3 2.3 0 1 1 3.2 2.1c-.6.3-1 .8-1 1.5v.4" /><path d="M12 16.6h.01" /></Icon>
);
export const TranslateIcon = () => (
  <Icon><path d="M4 6h9M8.5 4v2M6 6c.8 3 3 5.5 6 7" /><path d="M11 6c-.8 3.5-3.2 6.5-6.5 8" /><path d="m12.5 20 4-9 4 9M14 16.8h5" /></Icon>
);
export const EyeIcon = ({ off }: { off?: boolean }) => (
  <Icon>
    <path d="M2.5 12s3.5-6.5 9.5-6.5S21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="2.8" />
    {off && <path d="M4 20 20 4" />}
  </Icon>
);
export const ErrorIcon = () => (
  <Icon size={24}><circle cx="12" cy="12" r="9" /><path d="M12 7.5v5.5M12 16.5h.01" /></Icon>
);
export const InfoIcon = () => (
  <Icon size={24}><circle cx="12" cy="12" r="9" /><path d="M12 11v5.5M12 7.5h.01" /></Icon>
);
export const ChevronIcon = () => (
  <Icon size={18}><path d="m7 10 5 5 5-5" /></Icon>
);
