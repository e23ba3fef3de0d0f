import type { IdentityUploadKind } from "~/db/schema/identity";
import { translatable } from "~/features/i18n/translatable";

/**
 * Every text of identity verification (issue #29 point 3, docs/product.md#identity-verification),
 * in one place. Browser-safe, and free of Lingui's macros, so the end-to-end tests can import
 * it (Playwright does not compile them): a text with values lives in identity-limit-text.ts.
 */
export const IDENTITY_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Room for the multipart framing around the one file. */
export const IDENTITY_PHOTO_FORM_OVERHEAD_BYTES = 16 * 1024;
/** The photo input's accept list (the server still checks every file's content). */
export const ACCEPT_IDENTITY_PHOTOS = "image/jpeg,image/png,image/webp";

export const REJECT_REASON_MAX = 500;

export const IDENTITY_TEXT = {
  pageTitle: translatable("Verify your identity"),
  pageLead:
    translatable("Verified members get a 'Verified' badge on their profile, host page and listings, and can book spaces whose hosts accept only verified guests."),
  badge: translatable("Verified"),
  badgeLabel: translatable("Identity verified"),
  hostWho: "host",
  status: {
    none: translatable("You have not verified your identity yet."),
    pending: translatable("Your documents are being reviewed. We will e-mail you when a decision is made, usually within a day."),
    pendingStripe: translatable("Your verification with Stripe is under way. If you have not sent your document yet, continue with Stripe; otherwise this page shows the result once Stripe has it."),
    requires_input: translatable("Stripe could not verify your document. Please try again."),
    verified: translatable("Your identity is verified."),
    rejected: translatable("Your verification was not approved."),
  },
  statusBadge: { none: "Not verified", pending: "In review", requires_input: "Action needed", verified: "Verified", rejected: "Not approved" },
  reasonLabel: translatable("Reason"),
  documentLabel: translatable("Photo of your ID document"),
  documentHint: translatable("A passport, national ID card or driving licence: the whole document, readable, no glare. JPEG, PNG or WebP, up to 10 MB."),
  selfieLabel: translatable("A selfie"),
  selfieHint: translatable("Your face, clearly visible, in good light. JPEG, PNG or WebP, up to 10 MB."),
  privacy:
    translatable("Your photos are stored privately: only you and Rentwell's reviewers can see them, and they are deleted as soon as the review is done (at the latest after 30 days)."),
  uploading: translatable("Uploading…"),
  uploaded: translatable("Uploaded"),
  submit: translatable("Submit for review"),
  submitted: translatable("Thanks! Your documents were sent for review."),
  startStripe: translatable("Verify with Stripe"),
  continueStripe: translatable("Continue with Stripe"),
  startStripeHint: translatable("Stripe, our verification partner, checks your ID document and a selfie. It takes a few minutes."),
  tryAgain: translatable("Try again"),
  loadFailed: translatable("Your verification status could not be loaded. Please try again."),
  profileLink: translatable("Verify your identity"),
  profileLinkVerified: translatable("Identity verified"),
  errors: {
    notImage: translatable("Upload a photo: a JPEG, PNG or WebP image. PDFs, SVGs and other files are not accepted."),
    tooLarge: translatable("The photo is larger than 10 MB. Upload a smaller one."),
    unreadable: translatable("The photo could not be read. It may be damaged: take another one."),
    uploadFailed: translatable("The photo could not be stored. Please try again."),
    unknownKind: translatable("Choose the ID document or the selfie."),
    documentRequired: translatable("Upload a photo of your ID document."),
    selfieRequired: translatable("Upload a selfie."),
    uploadNotFound: translatable("That photo was not found. Upload it again."),
    uploadUsed: translatable("That photo was already submitted. Upload it again."),
    alreadyVerified: translatable("Your identity is already verified."),
    alreadyPending: translatable("Your documents are already in review."),
    wrongProvider: translatable("Identity verification works differently here: reload the page."),
    stripeFailed: translatable("Stripe could not start the verification. Please try again in a moment."),
    signIn: translatable("Sign in to verify your identity."),
  },
  admin: {
    panelTitle: translatable("Identity verifications"),
    empty: translatable("No verifications waiting for review."),
    approve: translatable("Approve"),
    reject: translatable("Reject"),
    reasonLabel: translatable("Reason for rejecting (the member reads it)"),
    reasonRequired: translatable("Give a reason: the member will see it."),
    // REJECT_REASON_MAX written out (identity-text.test.ts checks they agree): no macro here.
    reasonTooLong: translatable("Keep the reason under 500 characters."),
    notFound: translatable("That verification does not exist."),
    alreadyDecided: translatable("This verification was already decided."),
    approved: translatable("Identity approved: the member has the Verified badge and was e-mailed."),
    rejected: translatable("Verification rejected: the member was e-mailed your reason."),
    document: translatable("ID document"),
    selfie: translatable("Selfie"),
    submitted: translatable("Submitted"),
    photoMissing: translatable("Photo no longer available"),
    loadFailed: translatable("The identity verifications could not be loaded."),
  },
  booking: {
    required: translatable("This host accepts only guests with a verified identity. Verify your identity, then book."),
    listingNote: translatable("The host accepts only identity-verified guests."),
    verifyLink: translatable("Verify your identity"),
  },
  listingSetting: translatable("Only identity-verified guests can book"),
} as const;

export const UPLOAD_KIND_LABELS: Record<IdentityUploadKind, string> = {
  document: IDENTITY_TEXT.documentLabel,
  selfie: IDENTITY_TEXT.selfieLabel,
};

export function isIdentityUploadKind(value: unknown): value is IdentityUploadKind {
  return value === "document" || value === "selfie";
}

/** The page's path (linked from /profile and from a listing that requires verified guests). */
export const IDENTITY_PATH = "/profile/identity";
/** A private photo's address: served only to its owner and admins, never cached. */
export const identityFilePath = (uploadId: string) => `/identity/files/${uploadId}`;
