/** What the lottery calls answer (server/modules/activity/lottery.ts), as the screens read it. */
import type { FormFieldInput, LotteryInput, PrizeInput } from '../../domain/activity/lottery';

export interface PrizeView extends PrizeInput { id: number; amount: number; remaining: number; serialCount: number }
export interface FormFieldView extends FormFieldInput { id: number }

export interface LotteryView {
  id: number; draftId: number | null; name: string; templateId: number | null; templateName: string | null; type: number;
  released: boolean; enable: boolean; status: number | null; qualificationType: number;
  qualificationProduct: number[]; qualificationOrder: { productId: number; packageIds: number[] }[];
  qualificationShipment: { productId: number; packageIds: number[] }[];
  from: string | null; to: string | null; timezoneId: number | null; memberOnly: boolean; exchangeType: number; payMethod: number;
  picture: string | null; prizeInfo: PrizeView[]; exchangeForm: FormFieldView[]; exchangeLocked: boolean;
  draft: LotteryInput | null; draftURL: string | null; updatedAt: string;
}


export interface TemplateOption { id: number; name: string; gameType: number; coverUrl: string | null }
export interface Option { value: number; label: string; enable?: boolean; deleted?: boolean; codePackageDeleted?: boolean }

/** The status chip's color of a LotteryActivityStatus (not started, ongoing, ended, disabled). */
export const STATUS_COLOR: Record<number, 'default' | 'success' | 'info' | 'warning'> = { 1: 'info', 2: 'success', 3: 'default', 4: 'warning' };
