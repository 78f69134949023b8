import { z } from 'zod';

const count = z.number().int().min(0);

/**
 * Real counts for the admin dashboard cards (SPEC §2 shows fixed samples). Records by family and power per mode
 * belong to the services that own those rows and are not part of this answer.
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
});
export type DashboardFigures = z.infer<typeof DashboardFigures>;

export const DashboardRequest = z.object({});
