import { translatable } from "~/features/i18n/translatable";

/**
 * The product's error texts (docs/product.md error catalogue), each written once.
 * Shown when the server has no more specific message. Import these instead of
 * writing the text again, so a change of wording is one edit.
 */
export const ERROR_TEXT = {
  fetchSpaces: translatable("Failed to fetch spaces"),
  fetchCategories: translatable("Failed to fetch categories"),
  fetchSpaceTypes: translatable("Failed to fetch space types"),
  addSpaceType: translatable("Failed to add space type"),
  loadCityData: translatable("Failed to load city data"),
  fetchReviews: translatable("Failed to fetch reviews"),
  fetchDashboardData: translatable("Failed to fetch dashboard data"),
  fetchBookings: translatable("Failed to fetch bookings"),
  updateAvailability: translatable("Failed to update availability"),
  updatePublishStatus: translatable("Failed to update publish status"),
  cancelBooking: translatable("Failed to cancel booking"),
  createListing: translatable("Failed to create listing"),
  processBooking: translatable("Failed to process booking"),
  connectStripe: translatable("Failed to connect Stripe account"),
  loadProfile: translatable("Failed to load profile"),
  updateProfile: translatable("Failed to update profile"),
  uploadAvatar: translatable("Failed to upload avatar"),
  uploadBanner: translatable("Failed to upload banner"),
  addLink: translatable("Failed to add link"),
  deleteLink: translatable("Failed to delete link"),
  addUpdate: translatable("Failed to add update"),
  update: translatable("Failed to update"),
  deleteUpdate: translatable("Failed to delete update"),
  /** Not in the catalogue: reordering custom links is ours (docs/decisions/0140-profile-page.md). */
  moveLink: translatable("Failed to move link"),
  fetchListing: translatable("Failed to fetch listing"),
  updateListing: translatable("Failed to update listing"),
  fetchStatistics: translatable("Failed to fetch statistics"),
  fetchMonthlyStatistics: translatable("Failed to fetch monthly statistics"),
  /** The sign-in dialog and payment failures without a message of their own. */
  generic: translatable("An error occurred"),
  addressRequired: translatable("Complete address is required to publish a listing"),
  /** Guest–host messages (docs/product.md#messages). */
  fetchConversations: translatable("Failed to fetch conversations"),
  messageEmpty: translatable("Please write a message."),
  messageTooLong: translatable("Your message is too long: please keep it under 2,000 characters."),
  messageToSelf: translatable("You cannot send a message to yourself."),
  messageBlockedByThem: translatable("You cannot message this user."),
  messageBlockedByYou: translatable("You have blocked this user. Unblock them to send a message."),
  messageNoListing: translatable("This listing is not available for messages."),
  /** Admin moderation (docs/decisions/0151-admin-moderation.md). */
  accountSuspended:
    translatable("This account has been suspended by a Rentwell administrator. If you think this is a mistake, write to us through the Contact page."),
  adminOnly: translatable("Only administrators can do this."),
  moderatedPublishRefused:
    translatable("An administrator unpublished this listing, so it cannot be published again until they review it. Write to us through the Contact page."),
  /** The other panels of /admin (docs/decisions/0152-platform-analytics.md). */
  fetchContactMessages: translatable("Failed to fetch contact messages"),
  fetchSubscribers: translatable("Failed to fetch newsletter subscribers"),
  fetchAdminActions: translatable("Failed to fetch admin actions"),
  searchModerationTargets: translatable("Failed to search listings and accounts"),
  adminActionFailed: translatable("The action failed; nothing was changed. Please try again."),
  /** Reviews after a stay (docs/product.md#booking; ADR 0171). */
  reviewRating: translatable("Please choose a rating from 1 to 5 stars."),
  reviewTooLong: translatable("Your review is too long: please keep it under 2,000 characters."),
  reviewBookingNotFound: translatable("Booking not found"),
  reviewOwnListing: translatable("You cannot review your own listing."),
  reviewCancelled: translatable("A cancelled booking cannot be reviewed."),
  reviewNotEnded: translatable("You can review this stay once it has ended."),
  reviewWindowClosed: translatable("Reviews can be written up to 14 days after a stay."),
  reviewTwice: translatable("You have already reviewed this stay."),
  /** The host's review of the guest (issue #28 point 5, ADR 0272). */
  guestReviewTwice: translatable("You have already reviewed this guest."),
  saveReview: translatable("Failed to save your review"),
  replyEmpty: translatable("Please write your answer."),
  replyTooLong: translatable("Your answer is too long: please keep it under 2,000 characters."),
  replyNotFound: translatable("Review not found"),
  replyTwice: translatable("You have already answered this review."),
  saveReply: translatable("Failed to save your answer"),
  /** Notification settings on /profile (ADR 0172). */
  saveNotificationSettings: translatable("Failed to save your notification settings"),
} as const;

/** The profile page's other texts (docs/product.md#profile). */
export const PROFILE_TEXT = {
  updated: translatable("Profile updated successfully!"),
  linkNotFound: translatable("That link was not found. It may have been deleted already."),
  postNotFound: translatable("That post was not found. It may have been deleted already."),
} as const;

/** The "not found" headings of the product, each written once. */
export const NOT_FOUND_TEXT = {
  space: translatable("Space not found"),
  city: translatable("City not found"),
  location: translatable("Location not found"),
  post: translatable("Post Not Found"),
  profile: translatable("Profile not found"),
  conversation: translatable("Conversation not found"),
  listing: translatable("Listing not found"),
  page: translatable("Page not found"),
} as const;
