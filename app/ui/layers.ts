/**
 * The one z-index scale. Anything that floats uses one of these, so a dialog is always
 * above the header and the floating button, and a toast above a dialog.
 */
export const layer = {
  /** Sticky header and the phone's bottom navigation bar. */
  header: "z-30",
  /** The floating "add" button and menus opened from the header. */
  floating: "z-40",
  /** Dialog overlay and content. */
  dialog: "z-50",
  /** Flash messages: above everything, dialogs included. */
  toast: "z-[60]",
} as const;
