import { msg } from "@lingui/core/macro";
import { MessageCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { useTranslate } from "~/features/i18n/use-translate";
import { Button, type ButtonVariants } from "~/ui/button";
import { useHydrated } from "~/ui/use-hydrated";

export const START_CONVERSATION_PATH = "/messages/start";

type Look = Pick<ButtonVariants, "variant" | "size" | "block"> & { className?: string };

/**
 * 'Contact Host' (docs/product.md#messages): signed in, it posts the listing to /messages/start,
 * which opens the guest's conversation about it (found or created); signed out, it asks
 * to sign in first (`onSignInWanted`, the sign-in dialog).
 */
export function ContactHostButton({
  spaceId,
  signedIn,
  onSignInWanted,
  ...look
}: Look & { spaceId: string; signedIn: boolean; onSignInWanted(): void }) {
  const hydrated = useHydrated();
  const _ = useTranslate();
  const label = (
    <>
      <MessageCircle className="h-4 w-4" aria-hidden="true" /> {_(msg`Contact Host`)}
    </>
  );
  if (!signedIn) {
    return (
      <Button {...look} onClick={onSignInWanted} disabled={!hydrated}>
        {label}
      </Button>
    );
  }
  return (
    <StartConversationForm field="spaceId" value={spaceId} look={look}>
      {label}
    </StartConversationForm>
  );
}

/**
 * The conversation of a booking (docs/product.md#messages), for a booking row of the guest
 * (/my-bookings) or of the host (the dashboard): `<BookingConversationLink bookingId={id}>Message host</BookingConversationLink>`.
 */
export function BookingConversationLink({ bookingId, children, ...look }: Look & { bookingId: string; children: ReactNode }) {
  return (
    <StartConversationForm field="bookingId" value={bookingId} look={{ variant: "secondary", size: "sm", ...look }}>
      <MessageCircle className="h-4 w-4" aria-hidden="true" /> {children}
    </StartConversationForm>
  );
}

function StartConversationForm({ field, value, look, children }: { field: "spaceId" | "bookingId"; value: string; look: Look; children: ReactNode }) {
  const location = useLocation();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === START_CONVERSATION_PATH && navigation.formData?.get(field) === value;
  return (
    <Form method="post" action={START_CONVERSATION_PATH} className={look.block ? "w-full" : "inline-flex"}>
      <input type="hidden" name={field} value={value} />
      <input type="hidden" name="from" value={`${location.pathname}${location.search}`} />
      <Button type="submit" {...look} pending={pending}>
        {children}
      </Button>
    </Form>
  );
}
