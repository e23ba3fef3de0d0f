import { msg } from "@lingui/core/macro";
import { Cookie, Download, Mail, Trash2 } from "lucide-react";
import { useTranslate } from "~/features/i18n/use-translate";
import { Link } from "react-router";
import { buttonVariants } from "~/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "~/ui/dialog";

/**
 * 'Manage Privacy Settings' (docs/product.md#static-pages, action not shown): what we
 * store about the visitor and the requests they can make, each a real link.
 */
export function PrivacySettingsDialog() {
  const _ = useTranslate();
  return (
    <Dialog>
      <DialogTrigger className={buttonVariants({ variant: "secondary" })}>
        {_(msg`Manage Privacy Settings`)}
      </DialogTrigger>
      <DialogContent
        title={_(msg`Privacy settings`)}
        description={_(msg`What Rentwell stores about you, and how to exercise your rights.`)}
        className="sm:p-6"
      >
        <ul className="mt-5 space-y-4 text-sm">
          <li className="flex gap-3 rounded-xl border border-slate-200 p-4">
            <Cookie
              aria-hidden="true"
              className="size-5 shrink-0 text-brand-700"
            />
            <div>
              <p className="font-semibold text-slate-900">
                {_(msg`Cookies: strictly necessary only`)}
              </p>
              <p className="mt-1 text-slate-600">
                {_(msg`We set only the sign-in cookies that keep you signed in. We use no advertising or tracking cookies, so there is nothing to switch off.`)}
              </p>
            </div>
          </li>
          <li className="flex gap-3 rounded-xl border border-slate-200 p-4">
            <Download
              aria-hidden="true"
              className="size-5 shrink-0 text-brand-700"
            />
            <div>
              <p className="font-semibold text-slate-900">
                {_(msg`Get a copy of your data`)}
              </p>
              <p className="mt-1 text-slate-600">
                {_(msg`Ask for an export of your account, listings and bookings.`)}
              </p>
              <Link
                to="/contact?subject=support"
                className="mt-2 inline-block font-semibold text-brand-700 underline"
              >
                {_(msg`Request my data`)}
              </Link>
            </div>
          </li>
          <li className="flex gap-3 rounded-xl border border-slate-200 p-4">
            <Mail
              aria-hidden="true"
              className="size-5 shrink-0 text-brand-700"
            />
            <div>
              <p className="font-semibold text-slate-900">{_(msg`Newsletter`)}</p>
              <p className="mt-1 text-slate-600">
                {_(msg`Stop receiving our newsletter at any time.`)}
              </p>
              <Link
                to="/contact?subject=general"
                className="mt-2 inline-block font-semibold text-brand-700 underline"
              >
                {_(msg`Unsubscribe me`)}
              </Link>
            </div>
          </li>
          <li className="flex gap-3 rounded-xl border border-slate-200 p-4">
            <Trash2
              aria-hidden="true"
              className="size-5 shrink-0 text-red-700"
            />
            <div>
              <p className="font-semibold text-slate-900">
                {_(msg`Delete your account`)}
              </p>
              <p className="mt-1 text-slate-600">
                {_(msg`We delete your account and personal data within 30 days.`)}
              </p>
              <Link
                to="/contact?subject=support"
                className="mt-2 inline-block font-semibold text-red-700 underline"
              >
                {_(msg`Request deletion`)}
              </Link>
            </div>
          </li>
        </ul>
      </DialogContent>
    </Dialog>
  );
}
