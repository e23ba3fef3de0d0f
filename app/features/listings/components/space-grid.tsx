import { useDelegatedLinks } from "~/ui/delegated-links";
import type { CardOffer, SpaceCardData } from "../card";
import { SpaceCard } from "./space-card";

/** A responsive grid of space cards; `columns` picks the widest layout. */
export function SpaceGrid({
  spaces,
  columns = 3,
  headingLevel = 3,
  label,
  priorityFirst = false,
}: {
  spaces: Array<SpaceCardData & { offer?: CardOffer }>;
  columns?: 2 | 3;
  headingLevel?: 2 | 3;
  label?: string;
  /** The grid opens the page: its first card's image is the largest paint (SpaceCard's `priority`). */
  priorityFirst?: boolean;
}) {
  const onClick = useDelegatedLinks();
  const layout = columns === 2 ? "grid-cols-1 sm:grid-cols-2" : "grid-cols-1 sm:grid-cols-2 lg:grid-cols-3";
  return (
    <ul className={`grid gap-6 ${layout}`} aria-label={label} onClick={onClick}>
      {spaces.map((space, index) => (
        <li key={space.id} className="flex">
          <SpaceCard space={space} headingLevel={headingLevel} priority={priorityFirst && index === 0} />
        </li>
      ))}
    </ul>
  );
}
