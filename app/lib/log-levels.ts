/** The levels LOG_LEVEL accepts (README, settings): the logger and the settings check read this one list. */
export const LOG_LEVELS = ["silent", "error", "warn", "info", "debug"] as const;
