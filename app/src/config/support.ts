// Where a user asks for help.

/** Chat-support page the inquiry button opens outside the native shell. */
export const INQUIRY_URL = 'https://creatormarket.channel.io';
