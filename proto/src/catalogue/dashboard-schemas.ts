import { z } from 'zod';

const count = z.number().int().min(0);

/**
 * Real counts for the admin dashboard cards (SPEC §2 shows fixed samples). Records by family come from the services
 * that own them (null when one does not answer); power per mode is each mode's number of mode types.
 */
export const DashboardFigures = z.object({
  modules: z.object({ total: count, active: count, inactive: count }),
  modes: count,
  mode_types: count,
  users: z.object({
    total: count,
    active: count,
    inactive: count,
    by_role: z.array(z.object({ role_type: z.string(), count })),
  }),
  records: z.object({ tl: count, tr: count, bl: count, br: count }).nullable(),
  power_per_mode: z.array(
    z.object({ mode_id: z.number().int().positive(), mode: z.string(), mode_types: count }),
  ),
});
export type DashboardFigures = z.infer<typeof DashboardFigures>;

export const DashboardRequest = z.object({});
