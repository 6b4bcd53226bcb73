// The settings Lab (developer tools).

/** Accounts that always see the settings Lab, besides the debug flag. */
export const LAB_USER_IDS: readonly string[] = [];
