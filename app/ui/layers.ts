/**
 * The one z-index scale. Anything that floats uses one of these, so a dialog is always
 * above the header, the bottom bar and the floating button, and a toast above a dialog.
 */
export const layer = {
  /** Sticky header and the phone's bottom navigation bar. */
  header: "z-40",
  /** The floating "add" button. */
  floating: "z-40",
  /** Menus opened from the header (the account menu). */
  menu: "z-50",
  /** Dialog overlay and content. */
  dialog: "z-50",
  /** Flash messages: above everything, dialogs included. */
  toast: "z-[60]",
} as const;
