import { msg } from "@lingui/core/macro";
import { Link } from "react-router";
import { TaggedText } from "~/features/content/components/tagged-text";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
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
    title: translatable("Privacy Policy"),
    // prettier-ignore
    description: translatable("How Rentwell collects, uses and protects your personal information, and how to exercise your privacy rights."),
    path: "/privacy",
    matches,
  });

export default function Privacy() {
  const _ = useTranslate();
  return (
    <>
      <PageHero
        eyebrow={_(msg`Privacy Policy`)}
        title={_(msg`Your privacy matters`)}
        lead={_(msg`This policy explains what information Rentwell, Inc. of Tampa, Florida collects, how we use it and the choices you have.`)}
      >
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            to="/contact?subject=general"
            className={buttonVariants()}
          >
            {_(msg`Contact Privacy Team`)}
          </Link>
          <PrivacySettingsDialog />
        </div>
      </PageHero>
      <Prose>
        <h2>{_(msg`Information we collect`)}</h2>
        <ul>
          <li>{_(msg`Account details: your e-mail address, name and password (stored only as a secure hash).`)}</li>
          <li>{_(msg`Profile details you choose to share: photo, bio, website, location and social links.`)}</li>
          <li>{_(msg`Listings, bookings, reviews and messages you create on the platform.`)}</li>
          <li>{_(msg`Payment details, processed by our payment provider; we never store full card numbers.`)}</li>
          <li>{_(msg`Technical data such as your IP address, used to protect the service from abuse.`)}</li>
        </ul>
        <h2>{_(msg`How we use it`)}</h2>
        <p>
          {_(msg`We use your information to run the platform: to show listings, process bookings and payments, pay hosts, verify identities, provide 24/7 support, prevent fraud and, if you subscribe, send our newsletter.`)}
        </p>
        <h2>{_(msg`What we share`)}</h2>
        <p>
          {_(msg`Hosts and guests see the details needed for a booking. We share payment data with our payment provider and may share information when the law requires it. We do not sell your personal information.`)}
        </p>
        <h2>{_(msg`Cookies`)}</h2>
        <p>{_(msg`We use only the cookies needed to keep you signed in. We do not use advertising or tracking cookies.`)}</p>
        <h2>{_(msg`Your rights`)}</h2>
        <p>
          <TaggedText
            text={_(msg`You can view and update your profile at any time, and ask us for a copy of your data, a correction or deletion. Use <0>Manage Privacy Settings</0> above, or contact our privacy team.`)}
            tags={[(text) => <strong>{text}</strong>]}
          />
        </p>
        <h2>{_(msg`Data retention and security`)}</h2>
        <p>
          {_(msg`We keep your data while your account is open and as long as the law requires afterwards (for example, booking and payment records). Data is encrypted in transit and access is limited to staff who need it.`)}
        </p>
        <h2>{_(msg`Changes`)}</h2>
        <p>
          <TaggedText
            text={_(msg`We will tell you about material changes by e-mail or on this page. Read our <0>Terms of Service</0> for the rules of using Rentwell.`)}
            tags={[(text) => <Link to="/terms">{text}</Link>]}
          />
        </p>
      </Prose>
    </>
  );
}
