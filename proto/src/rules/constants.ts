/** SPEC §4, §9: the inactivity timeout and session expiry, 60 minutes. */
export const SESSION_IDLE_MS = 3_600_000;

/** SPEC §9: how long the 'copied' confirmation of the Stream prompt lasts. */
export const COPY_CONFIRMATION_MS = 2000;

/** SPEC §2, §9: the width of each workspace sidebar. */
export const SIDEBAR_WIDTH_PX = 364;

/** SPEC §4, §9: two clicks on the AZ toggle within this window are a double click. */
export const AZ_DOUBLE_CLICK_MS = 250;

/** SPEC §4, §9: the sidebar reloads its lists this long after an AI result is stored. */
export const LIST_RELOAD_DELAY_MS = 1500;

/** SPEC §4, §9: sub-elements are refetched up to 5 times, 100 ms apart, while the result is empty. */
export const SUB_ELEMENT_RETRY_ATTEMPTS = 5;
export const SUB_ELEMENT_RETRY_DELAY_MS = 100;

/** SPEC §9: the retry delay for lists. */
export const LIST_RETRY_DELAY_MS = 600;

/** SPEC §2, §9: admin layout sizes, in the UI's spacing units. */
export const ADMIN_SIDEBAR_WIDE_UNITS = 60;
export const ADMIN_SIDEBAR_NARROW_UNITS = 20;
export const ADMIN_TOP_BAR_HEIGHT_UNITS = 16;
