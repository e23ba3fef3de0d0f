import type { IdentityUploadKind } from "~/db/schema/identity";

/**
 * Every text of identity verification (issue #29 point 3, docs/product.md#identity-verification),
 * in one place. Browser-safe.
 */
export const IDENTITY_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Room for the multipart framing around the one file. */
export const IDENTITY_PHOTO_FORM_OVERHEAD_BYTES = 16 * 1024;
/** The photo input's accept list (the server still checks every file's content). */
export const ACCEPT_IDENTITY_PHOTOS = "image/jpeg,image/png,image/webp";

export const REJECT_REASON_MAX = 500;

export const IDENTITY_TEXT = {
  pageTitle: "Verify your identity",
  pageLead:
    "Verified members get a 'Verified' badge on their profile, host page and listings, and can book spaces whose hosts accept only verified guests.",
  badge: "Verified",
  badgeLabel: "Identity verified",
  hostWho: "host",
  status: {
    none: "You have not verified your identity yet.",
    pending: "Your documents are being reviewed. We will e-mail you when a decision is made, usually within a day.",
    pendingStripe: "Your verification with Stripe is under way. If you have not sent your document yet, continue with Stripe; otherwise this page shows the result once Stripe has it.",
    requires_input: "Stripe could not verify your document. Please try again.",
    verified: "Your identity is verified.",
    rejected: "Your verification was not approved.",
  },
  statusBadge: { none: "Not verified", pending: "In review", requires_input: "Action needed", verified: "Verified", rejected: "Not approved" },
  reasonLabel: "Reason",
  documentLabel: "Photo of your ID document",
  documentHint: "A passport, national ID card or driving licence: the whole document, readable, no glare. JPEG, PNG or WebP, up to 10 MB.",
  selfieLabel: "A selfie",
  selfieHint: "Your face, clearly visible, in good light. JPEG, PNG or WebP, up to 10 MB.",
  privacy:
    "Your photos are stored privately: only you and Rentwell's reviewers can see them, and they are deleted as soon as the review is done (at the latest after 30 days).",
  uploading: "Uploading…",
  uploaded: "Uploaded",
  submit: "Submit for review",
  submitted: "Thanks! Your documents were sent for review.",
  startStripe: "Verify with Stripe",
  continueStripe: "Continue with Stripe",
  startStripeHint: "Stripe, our verification partner, checks your ID document and a selfie. It takes a few minutes.",
  tryAgain: "Try again",
  loadFailed: "Your verification status could not be loaded. Please try again.",
  profileLink: "Verify your identity",
  profileLinkVerified: "Identity verified",
  errors: {
    notImage: "Upload a photo: a JPEG, PNG or WebP image. PDFs, SVGs and other files are not accepted.",
    tooLarge: "The photo is larger than 10 MB. Upload a smaller one.",
    unreadable: "The photo could not be read. It may be damaged: take another one.",
    uploadFailed: "The photo could not be stored. Please try again.",
    unknownKind: "Choose the ID document or the selfie.",
    documentRequired: "Upload a photo of your ID document.",
    selfieRequired: "Upload a selfie.",
    uploadNotFound: "That photo was not found. Upload it again.",
    uploadUsed: "That photo was already submitted. Upload it again.",
    alreadyVerified: "Your identity is already verified.",
    alreadyPending: "Your documents are already in review.",
    wrongProvider: "Identity verification works differently here: reload the page.",
    stripeFailed: "Stripe could not start the verification. Please try again in a moment.",
    tooMany: (wait: string) => `Too many uploads. Please try again in ${wait}.`,
    signIn: "Sign in to verify your identity.",
  },
  admin: {
    panelTitle: "Identity verifications",
    empty: "No verifications waiting for review.",
    approve: "Approve",
    reject: "Reject",
    reasonLabel: "Reason for rejecting (the member reads it)",
    reasonRequired: "Give a reason: the member will see it.",
    reasonTooLong: `Keep the reason under ${REJECT_REASON_MAX} characters.`,
    notFound: "That verification does not exist.",
    alreadyDecided: "This verification was already decided.",
    approved: "Identity approved: the member has the Verified badge and was e-mailed.",
    rejected: "Verification rejected: the member was e-mailed your reason.",
    document: "ID document",
    selfie: "Selfie",
    submitted: "Submitted",
    photoMissing: "Photo no longer available",
    loadFailed: "The identity verifications could not be loaded.",
  },
  booking: {
    required: "This host accepts only guests with a verified identity. Verify your identity, then book.",
    listingNote: "The host accepts only identity-verified guests.",
    verifyLink: "Verify your identity",
  },
  listingSetting: "Only identity-verified guests can book",
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
