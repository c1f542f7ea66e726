/**
 * The anti-counterfeiting page (menu 30, issue 16): limits shared by its form and the server,
 * and what the consumer page receives. SPEC 5: its images at most 2 MB.
 */
import type { Names } from './lang';

export const ANTI_COUNTERFEIT_MENU_ID = 30;
export const ANTI_COUNTERFEIT_LIMITS = { title: 100, content: 2000, images: 4, imageMB: 2 } as const;

/** The page as the consumer page shows it for a genuine code (texts in the visit's language). */
export interface PageAuthenticity {
  title: string;
  content: string;
  images: string[];
}

export interface AntiCounterfeitPage {
  enable: boolean;
  title: Names;
  content: Names;
  images: string[];
  updatedAt: string | null;
}
