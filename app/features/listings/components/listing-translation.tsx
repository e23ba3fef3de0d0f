import { msg } from "@lingui/core/macro";
import { Languages } from "lucide-react";
import { useState } from "react";
import { useTranslate } from "~/features/i18n/use-translate";
import { Button } from "~/ui/button";
import { useHydrated } from "~/ui/use-hydrated";

type ListingText = { title: string; description: string };

/**
 * The space page's title and description (issue #31 point 5, ADR 0295): the host's
 * translation for the page's language when there is one, else the host's own text; with a
 * translation, `toggle` switches to the original and back. The choice is kept for this
 * listing only (a revalidation keeps it; the next listing opens translated).
 */
export function useListingText(original: ListingText & { id: string }, translation: ListingText | null) {
  const [originalOf, setOriginalOf] = useState<string | null>(null);
  const showOriginal = translation !== null && originalOf === original.id;
  const shown = translation && !showOriginal ? translation : original;
  return {
    title: shown.title,
    description: shown.description,
    translated: translation !== null,
    showingOriginal: showOriginal,
    toggle: () => setOriginalOf(showOriginal ? null : original.id),
  };
}

/** "Translated by the host · Show original", or, showing the original, "Show translation". */
export function ListingTranslationNote({ showingOriginal, onToggle }: { showingOriginal: boolean; onToggle: () => void }) {
  const _ = useTranslate();
  const hydrated = useHydrated();
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600" data-testid="listing-translation-note">
      <Languages className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span>{showingOriginal ? _(msg`The host's original text`) : _(msg`Translated by the host`)}</span>
      <span aria-hidden="true">·</span>
      <Button variant="link" size="text" className="font-semibold" disabled={!hydrated} onClick={onToggle}>
        {showingOriginal ? _(msg`Show translation`) : _(msg`Show original`)}
      </Button>
    </p>
  );
}
