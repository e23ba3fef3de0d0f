import { useDelegatedLinks } from "~/ui/delegated-links";
import type { SpaceCardData } from "../card";
import { SpaceCard } from "./space-card";

/** A responsive grid of space cards; `columns` picks the widest layout. */
export function SpaceGrid({
  spaces,
  columns = 3,
  headingLevel = 3,
  label,
}: {
  spaces: SpaceCardData[];
  columns?: 2 | 3;
  headingLevel?: 2 | 3;
  label?: string;
}) {
  const onClick = useDelegatedLinks();
  const layout = columns === 2 ? "grid-cols-1 sm:grid-cols-2" : "grid-cols-1 sm:grid-cols-2 lg:grid-cols-3";
  return (
    <ul className={`grid gap-6 ${layout}`} aria-label={label} onClick={onClick}>
      {spaces.map((space) => (
        <li key={space.id} className="flex">
          <SpaceCard space={space} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
