import { type AiFamily } from './record-operations';

export type RecordFamily = AiFamily | 'br';

/** SPEC §2 and §8: each screen's titles and messages, word for word (the spec reuses TL/TR on some screens). */
export const RECORD_TEXTS: Record<
  RecordFamily,
  { heading: string; editTitle: string; confirm: string; updated: string; deleted: string }
> = {
  tl: {
    heading: 'TL Data',
    editTitle: 'Edit TL Data',
    confirm: 'Are you sure you want to delete this TL ?',
    updated: 'TL Data Updated successfully',
    deleted: 'TL Delete Successfully',
  },
  tr: {
    heading: 'TR Data',
    editTitle: 'Edit TL Data',
    confirm: 'Are you sure you want to delete this TR ?',
    updated: 'TR Data Updated successfully',
    deleted: 'TR Delete Successfully',
  },
  bl: {
    heading: 'BL Data',
    editTitle: 'Edit BL Data',
    confirm: 'Are you sure you want to delete this BL ?',
    updated: 'BL Data Updated successfully',
    deleted: 'BL Delete Successfully',
  },
  br: {
    heading: 'BR Data',
    editTitle: 'Edit BR Data',
    confirm: 'Are you sure you want to delete this TR ?',
    updated: 'TR Data Updated successfully',
    deleted: 'BR Delete Successfully',
  },
};

export const statusLabel = (status: number): string => (status === 1 ? 'Active' : 'Deactive');
