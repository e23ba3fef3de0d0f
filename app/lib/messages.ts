/**
 * The product's error texts (docs/product.md error catalogue), each written once.
 * Shown when the server has no more specific message. Import these instead of
 * writing the text again, so a change of wording is one edit.
 */
export const ERROR_TEXT = {
  fetchSpaces: "Failed to fetch spaces",
  fetchCategories: "Failed to fetch categories",
  fetchSpaceTypes: "Failed to fetch space types",
  addSpaceType: "Failed to add space type",
  loadCityData: "Failed to load city data",
  fetchReviews: "Failed to fetch reviews",
  fetchDashboardData: "Failed to fetch dashboard data",
  fetchBookings: "Failed to fetch bookings",
  updateAvailability: "Failed to update availability",
  updatePublishStatus: "Failed to update publish status",
  cancelBooking: "Failed to cancel booking",
  createListing: "Failed to create listing",
  processBooking: "Failed to process booking",
  connectStripe: "Failed to connect Stripe account",
  loadProfile: "Failed to load profile",
  updateProfile: "Failed to update profile",
  uploadAvatar: "Failed to upload avatar",
  uploadBanner: "Failed to upload banner",
  addLink: "Failed to add link",
  deleteLink: "Failed to delete link",
  addUpdate: "Failed to add update",
  update: "Failed to update",
  deleteUpdate: "Failed to delete update",
  /** Not in the catalogue: reordering custom links is ours (docs/decisions/0140-profile-page.md). */
  moveLink: "Failed to move link",
  fetchListing: "Failed to fetch listing",
  updateListing: "Failed to update listing",
  fetchStatistics: "Failed to fetch statistics",
  fetchMonthlyStatistics: "Failed to fetch monthly statistics",
  /** The sign-in dialog and payment failures without a message of their own. */
  generic: "An error occurred",
  addressRequired: "Complete address is required to publish a listing",
  /** Guest–host messages (docs/product.md#messages). */
  fetchConversations: "Failed to fetch conversations",
  messageEmpty: "Please write a message.",
  messageTooLong: "Your message is too long: please keep it under 2,000 characters.",
  messageToSelf: "You cannot send a message to yourself.",
  messageBlockedByThem: "You cannot message this user.",
  messageBlockedByYou: "You have blocked this user. Unblock them to send a message.",
  messageNoListing: "This listing is not available for messages.",
  /** Admin moderation (docs/decisions/0151-admin-moderation.md). */
  accountSuspended:
    "This account has been suspended by a Rentwell administrator. If you think this is a mistake, write to us through the Contact page.",
  adminOnly: "Only administrators can do this.",
  moderatedPublishRefused:
    "An administrator unpublished this listing, so it cannot be published again until they review it. Write to us through the Contact page.",
  /** The other panels of /admin (docs/decisions/0152-platform-analytics.md). */
  fetchContactMessages: "Failed to fetch contact messages",
  fetchSubscribers: "Failed to fetch newsletter subscribers",
  fetchAdminActions: "Failed to fetch admin actions",
  searchModerationTargets: "Failed to search listings and accounts",
  adminActionFailed: "The action failed; nothing was changed. Please try again.",
  /** Reviews after a stay (docs/product.md#booking; ADR 0171). */
  reviewRating: "Please choose a rating from 1 to 5 stars.",
  reviewTooLong: "Your review is too long: please keep it under 2,000 characters.",
  reviewBookingNotFound: "Booking not found",
  reviewOwnListing: "You cannot review your own listing.",
  reviewCancelled: "A cancelled booking cannot be reviewed.",
  reviewNotEnded: "You can review this stay once it has ended.",
  reviewWindowClosed: "Reviews can be written up to 14 days after a stay.",
  reviewTwice: "You have already reviewed this stay.",
  /** The host's review of the guest (issue #28 point 5, ADR 0272). */
  guestReviewTwice: "You have already reviewed this guest.",
  saveReview: "Failed to save your review",
  replyEmpty: "Please write your answer.",
  replyTooLong: "Your answer is too long: please keep it under 2,000 characters.",
  replyNotFound: "Review not found",
  replyTwice: "You have already answered this review.",
  saveReply: "Failed to save your answer",
  /** Notification settings on /profile (ADR 0172). */
  saveNotificationSettings: "Failed to save your notification settings",
} as const;

/** The profile page's other texts (docs/product.md#profile). */
export const PROFILE_TEXT = {
  updated: "Profile updated successfully!",
  linkNotFound: "That link was not found. It may have been deleted already.",
  postNotFound: "That post was not found. It may have been deleted already.",
} as const;

/** The "not found" headings of the product, each written once. */
export const NOT_FOUND_TEXT = {
  space: "Space not found",
  city: "City not found",
  location: "Location not found",
  post: "Post Not Found",
  profile: "Profile not found",
  conversation: "Conversation not found",
  listing: "Listing not found",
  page: "Page not found",
} as const;
