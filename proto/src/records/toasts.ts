import { type ListFamily } from '../enums';

/**
 * SPEC §8 toasts of the admin record screens. The spec shows 'TR Data Updated successfully' after a BR update too,
 * and gives no TL delete toast: 'TL Delete Successfully' is our choice.
 */
export const RECORD_TOASTS: Record<ListFamily, { updated: string; deleted: string }> = {
  tl: { updated: 'TL Data Updated successfully', deleted: 'TL Delete Successfully' },
  tr: { updated: 'TR Data Updated successfully', deleted: 'TR Delete Successfully' },
  bl: { updated: 'BL Data Updated successfully', deleted: 'BL Delete Successfully' },
  br: { updated: 'TR Data Updated successfully', deleted: 'BR Delete Successfully' },
};

/** SPEC §3: AI Reason shows this when empty (a client text, given here so clients agree). */
export const NO_REASON_TEXT = 'No Any Reason';
