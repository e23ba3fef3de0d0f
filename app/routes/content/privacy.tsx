import { Link } from "react-router";
import { PageHero, Prose } from "~/features/content/components/page-hero";
import { PrivacySettingsDialog } from "~/features/content/components/privacy-settings-dialog";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";
import { buttonVariants } from "~/ui/button";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.content);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Privacy Policy",
    description: "How Rentwell collects, uses and protects your personal information, and how to exercise your privacy rights.",
    path: "/privacy",
    matches,
  });

export default function Privacy() {
  return (
    <>
      <PageHero
        eyebrow="Privacy Policy"
        title="Your privacy matters"
        lead="This policy explains what information Rentwell, Inc. of Tampa, Florida collects, how we use it and the choices you have."
      >
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            to="/contact?subject=general"
            className={buttonVariants()}
          >
            Contact Privacy Team
          </Link>
          <PrivacySettingsDialog />
        </div>
      </PageHero>
      <Prose>
        <h2>Information we collect</h2>
        <ul>
          <li>Account details: your e-mail address, name and password (stored only as a secure hash).</li>
          <li>Profile details you choose to share: photo, bio, website, location and social links.</li>
          <li>Listings, bookings, reviews and messages you create on the platform.</li>
          <li>Payment details, processed by our payment provider; we never store full card numbers.</li>
          <li>Technical data such as your IP address, used to protect the service from abuse.</li>
        </ul>
        <h2>How we use it</h2>
        <p>
          We use your information to run the platform: to show listings, process bookings and payments, pay hosts, verify
          identities, provide 24/7 support, prevent fraud and, if you subscribe, send our newsletter.
        </p>
        <h2>What we share</h2>
        <p>
          Hosts and guests see the details needed for a booking. We share payment data with our payment provider and may
          share information when the law requires it. We do not sell your personal information.
        </p>
        <h2>Cookies</h2>
        <p>We use only the cookies needed to keep you signed in. We do not use advertising or tracking cookies.</p>
        <h2>Your rights</h2>
        <p>
          You can view and update your profile at any time, and ask us for a copy of your data, a correction or deletion.
          Use <strong>Manage Privacy Settings</strong> above, or contact our privacy team.
        </p>
        <h2>Data retention and security</h2>
        <p>
          We keep your data while your account is open and as long as the law requires afterwards (for example, booking
          and payment records). Data is encrypted in transit and access is limited to staff who need it.
        </p>
        <h2>Changes</h2>
        <p>
          We will tell you about material changes by e-mail or on this page. Read our <Link to="/terms">Terms of Service</Link>{" "}
          for the rules of using Rentwell.
        </p>
      </Prose>
    </>
  );
}
