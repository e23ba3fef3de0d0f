import * as Dialog from "@radix-ui/react-dialog";
import { Cookie, Download, Mail, Trash2, X } from "lucide-react";
import { Link } from "react-router";

/**
 * 'Manage Privacy Settings' (docs/product.md#static-pages, action not shown): what we
 * store about the visitor and the requests they can make, each a real link.
 */
export function PrivacySettingsDialog() {
  return (
    <Dialog.Root>
      <Dialog.Trigger className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50">
        Manage Privacy Settings
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold text-slate-900">Privacy settings</Dialog.Title>
            <Dialog.Close className="rounded-lg p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-slate-600">
            What Rentwell stores about you, and how to exercise your rights.
          </Dialog.Description>
          <ul className="mt-5 space-y-4 text-sm">
            <li className="flex gap-3 rounded-xl border border-slate-200 p-4">
              <Cookie aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
              <div>
                <p className="font-semibold text-slate-900">Cookies: strictly necessary only</p>
                <p className="mt-1 text-slate-600">
                  We set only the sign-in cookies that keep you signed in. We use no advertising or tracking cookies, so
                  there is nothing to switch off.
                </p>
              </div>
            </li>
            <li className="flex gap-3 rounded-xl border border-slate-200 p-4">
              <Download aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
              <div>
                <p className="font-semibold text-slate-900">Get a copy of your data</p>
                <p className="mt-1 text-slate-600">Ask for an export of your account, listings and bookings.</p>
                <Link to="/contact?subject=support" className="mt-2 inline-block font-semibold text-brand-700 underline">
                  Request my data
                </Link>
              </div>
            </li>
            <li className="flex gap-3 rounded-xl border border-slate-200 p-4">
              <Mail aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
              <div>
                <p className="font-semibold text-slate-900">Newsletter</p>
                <p className="mt-1 text-slate-600">Stop receiving our newsletter at any time.</p>
                <Link to="/contact?subject=general" className="mt-2 inline-block font-semibold text-brand-700 underline">
                  Unsubscribe me
                </Link>
              </div>
            </li>
            <li className="flex gap-3 rounded-xl border border-slate-200 p-4">
              <Trash2 aria-hidden="true" className="size-5 shrink-0 text-red-700" />
              <div>
                <p className="font-semibold text-slate-900">Delete your account</p>
                <p className="mt-1 text-slate-600">We delete your account and personal data within 30 days.</p>
                <Link to="/contact?subject=support" className="mt-2 inline-block font-semibold text-red-700 underline">
                  Request deletion
                </Link>
              </div>
            </li>
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
