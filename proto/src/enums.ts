import { z } from 'zod';

/** The four list families: Types (top left), Pro (top right), Elements (bottom left), Signature (bottom right). */
export const LIST_FAMILIES = ['tl', 'tr', 'bl', 'br'] as const;
export const ListFamily = z.enum(LIST_FAMILIES);
export type ListFamily = z.infer<typeof ListFamily>;

/** Agent levels cycle 0 → 1 → 2 → 3 → 0 (SPEC §4). */
export const LEVELS = [0, 1, 2, 3] as const;
export const Level = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type Level = z.infer<typeof Level>;

/** Home slider categories (SPEC §1, §9). */
export const POWER_MODES = ['CRPHO', 'PRPHO', 'PLPHO'] as const;
export const PowerMode = z.enum(POWER_MODES);
export type PowerMode = z.infer<typeof PowerMode>;

export const ROLES = ['Admin', 'user'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** Users and modules are Active or Inactive. */
export const ACCOUNT_STATUSES = ['Active', 'Inactive'] as const;
export const AccountStatus = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof AccountStatus>;

/** Stored AI records are Active (1) or Deactive (0). */
export const RECORD_STATUSES = [0, 1] as const;
export const RecordStatus = z.union([z.literal(0), z.literal(1)]);
export type RecordStatus = z.infer<typeof RecordStatus>;
