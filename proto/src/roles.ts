/** The role of an administrator (SPEC §3), in a module free of zod: the web client's first screen imports it alone. */
export const ADMIN_ROLE = 'Admin';
