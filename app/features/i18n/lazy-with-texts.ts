import { lazy, type ComponentType } from "react";
import { loadPageCatalogs } from "~/features/i18n/i18n";

/**
 * `React.lazy` for a component whose texts may not be in the page's first catalogs
 * (ADR 0294): its chunk and the rest of the page language's catalogs load together, so a
 * dialog opened on the home page speaks the page's language from its first frame.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function lazyWithTexts<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy<T>(async () => {
    if (typeof document === "undefined") return load();
    const [module] = await Promise.all([load(), loadPageCatalogs()]);
    return module;
  });
}
