import { useCallback, type MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * Client-side navigation for plain `<a href="/…">` links inside one container.
 * A React Router `<Link>` costs a handful of hooks per link on every server
 * render; long lists of links (cards, the location filter) use plain anchors
 * and this one click handler on their container instead. Only a plain primary
 * click on a same-site link is taken over: modifier keys, other buttons,
 * `target` and `download` keep the browser's behaviour, and without JavaScript
 * the anchors simply load the page.
 */
export function useDelegatedLinks({ preventScrollReset = false }: { preventScrollReset?: boolean } = {}) {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
      if (anchor.target && anchor.target !== "_self") return;
      if (anchor.hasAttribute("download") || anchor.origin !== window.location.origin) return;
      event.preventDefault();
      void navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`, { preventScrollReset });
    },
    [navigate, preventScrollReset],
  );
}
