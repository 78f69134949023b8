/** SPEC §8 success toasts of the admin screens, answered as `message` by the REST facade (spacing as the spec). */
export const ADMIN_TOASTS = {
  user: {
    created: 'User Create Successfully',
    updated: 'User Updated successfully',
    deleted: 'User Delete Successfully',
  },
  module: {
    created: 'Create Module Successfully',
    updated: 'Updated Module successfully',
    deleted: 'Module Delete Successfully',
  },
  mode: {
    created: 'Modes Added Successfully',
    updated: 'Updated Mode successfully',
    deleted: 'Mode Delete Successfully',
  },
  mode_type: {
    created: 'Added Mode Type  Successfully',
    updated: 'Updated Mode Type Successfully',
    deleted: 'Delete Mode Type  Successfully',
  },
} as const;
