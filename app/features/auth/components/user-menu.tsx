import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, LogOut } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { accountMenuFor, displayName, unreadConversationsText, type AccountMenuItem, type MenuUser } from "../account-menu";
import { useHydrated } from "~/ui/use-hydrated";
import { UserAvatar } from "./user-avatar";
import { layer } from "~/ui/layers";
import { Badge } from "~/ui/badge";
import { buttonVariants } from "~/ui/button";
import { menuItemVariants } from "~/ui/menu";

type Props = {
  user: MenuUser;
  /** 'View My Profile': the root layout opens the public profile dialog for this user. */
  onViewProfile(): void;
  /** Conversations with unread messages: a badge on the menu button and on 'Messages'. */
  unreadMessages?: number;
  /** The display currency chosen (null: each listing's own): 'Currency' links to /currency (issue #31 point 4). */
  currency?: string | null;
};

/** "Currency: JPY", "Currency: each listing's own" (the words as the footer's menu says them). */
function currencyItemLabel(currency: string | null | undefined) {
  return `Currency: ${currency ?? "each listing's own"}`;
}

/** /currency, coming back to this page. */
function useCurrencyHref() {
  const location = useLocation();
  return `/currency?${new URLSearchParams({ returnTo: `${location.pathname}${location.search}` }).toString()}`;
}

const countText = (count: number) => (count > 99 ? "99+" : String(count));

/** The count beside 'Messages' (the words are for screen readers). */
function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Badge tone="solid" className="ml-auto px-2" data-testid="unread-messages">
      <span aria-hidden="true">{countText(count)}</span>
      <span className="sr-only">{unreadConversationsText(count)}</span>
    </Badge>
  );
}

/** The count on the account button, which is described by its words. */
function TriggerBadge({ count, id }: { count: number; id: string }) {
  if (count <= 0) return null;
  return (
    <>
      <Badge
        tone="solid"
        aria-hidden="true"
        data-testid="unread-badge"
        className="pointer-events-none absolute -top-1.5 -right-1.5 min-w-5 justify-center px-1 py-0 text-[0.7rem] leading-5 ring-2 ring-white"
      >
        {countText(count)}
      </Badge>
      <span id={id} className="sr-only">
        {unreadConversationsText(count)}
      </span>
    </>
  );
}

function itemLabel(item: AccountMenuItem, unread: number) {
  if (item.kind !== "link" || item.to !== "/messages") return item.label;
  return (
    <>
      {item.label}
      <UnreadBadge count={unread} />
    </>
  );
}

const itemClass = menuItemVariants({ size: "sm" });

/**
 * docs/product.md#header, signed in: avatar and name or e-mail opening the account menu.
 * Wide screens: a dropdown menu (keyboard: Enter/Space/arrows, Escape closes).
 * Small screens: a collapsible list without My Listings and the admin link.
 */
export function UserMenu({ user, onViewProfile, unreadMessages = 0, currency = null }: Props) {
  return (
    <>
      <WideUserMenu user={user} onViewProfile={onViewProfile} unreadMessages={unreadMessages} currency={currency} />
      <SmallUserMenu user={user} onViewProfile={onViewProfile} unreadMessages={unreadMessages} currency={currency} />
    </>
  );
}

function WideUserMenu({ user, onViewProfile, unreadMessages = 0, currency }: Props) {
  const submit = useSubmit();
  const currencyHref = useCurrencyHref();
  const hydrated = useHydrated();
  const name = displayName(user);
  const badgeId = useId();
  return (
    <div className="relative hidden md:block" data-account-menu="">
      <TriggerBadge count={unreadMessages} id={badgeId} />
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          disabled={!hydrated}
          aria-describedby={unreadMessages > 0 ? badgeId : undefined}
          className={buttonVariants({ variant: "secondary", size: "sm", pill: true, className: "max-w-64 border-slate-200 py-1 pr-3 pl-1 font-medium data-[state=open]:bg-slate-50" })}
          aria-label={`Account menu for ${name}`}
        >
          <UserAvatar src={user.avatarUrl} />
          <span className="truncate">{name}</span>
          <ChevronDown className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className={`${layer.menu} min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg`}
          >
            <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-slate-500">{user.email}</DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            {accountMenuFor(user.isAdmin, "wide").map((item) =>
              item.kind === "link" ? (
                <DropdownMenu.Item key={item.label} asChild className={itemClass}>
                  <Link to={item.to}>{itemLabel(item, unreadMessages)}</Link>
                </DropdownMenu.Item>
              ) : (
                <DropdownMenu.Item key={item.label} className={itemClass} onSelect={onViewProfile}>
                  {item.label}
                </DropdownMenu.Item>
              ),
            )}
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={currencyHref}>{currencyItemLabel(currency)}</Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => {
                void submit(null, { method: "post", action: "/auth/sign-out" });
              }}
            >
              <LogOut className="mr-2 h-4 w-4" aria-hidden="true" />
              Sign Out
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}

function SmallUserMenu({ user, onViewProfile, unreadMessages = 0, currency }: Props) {
  const hydrated = useHydrated();
  const currencyHref = useCurrencyHref();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const badgeId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const name = displayName(user);

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  const close = () => setOpen(false);
  const linkClass = menuItemVariants({ size: "lg" });
  return (
    <div className="md:hidden">
      <span className="relative inline-flex">
        <TriggerBadge count={unreadMessages} id={badgeId} />
        <button
          ref={buttonRef}
          type="button"
          aria-describedby={unreadMessages > 0 ? badgeId : undefined}
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={`Account menu for ${name}`}
          disabled={!hydrated}
          onClick={() => setOpen((value) => !value)}
          className={buttonVariants({ variant: "secondary", size: "sm", pill: true, className: "max-w-48 border-slate-200 py-1 pr-2 pl-1 font-medium" })}
        >
          <UserAvatar src={user.avatarUrl} />
          <span className="truncate">{name}</span>
          <ChevronDown className={`h-4 w-4 shrink-0 text-slate-500 transition-transform ${open ? "rotate-180" : ""}`} aria-hidden="true" />
        </button>
      </span>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg"
      >
        <p className="truncate px-3 py-2 text-sm text-slate-500">{user.email}</p>
        <ul>
          {accountMenuFor(user.isAdmin, "small").map((item) => (
            <li key={item.label}>
              {item.kind === "link" ? (
                <Link to={item.to} className={linkClass} onClick={close}>
                  {itemLabel(item, unreadMessages)}
                </Link>
              ) : (
                <button
                  type="button"
                  className={linkClass}
                  onClick={() => {
                    close();
                    onViewProfile();
                  }}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
          <li className="mt-1 border-t border-slate-200 pt-1">
            <Link to={currencyHref} className={linkClass} onClick={close}>
              {currencyItemLabel(currency)}
            </Link>
          </li>
          <li>
            <Form method="post" action="/auth/sign-out" onSubmit={close}>
              <button type="submit" className={linkClass}>
                <LogOut className="h-4 w-4" aria-hidden="true" />
                Sign Out
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </div>
  );
}
