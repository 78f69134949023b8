export const ADMIN_PAGE_SIZE = 10;
