import {
  Calendar,
  Camera,
  Globe,
  Link as LinkIcon,
  Mail,
  MapPin,
  Music,
  ShoppingBag,
  Video,
} from "lucide-react";
import type { ComponentType, SVGProps } from "react";

const ICONS: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  globe: Globe,
  calendar: Calendar,
  camera: Camera,
  mail: Mail,
  "map-pin": MapPin,
  music: Music,
  "shopping-bag": ShoppingBag,
  video: Video,
};

/** A custom link's icon (one of LINK_ICONS), or a plain link icon. */
export function ProfileLinkIcon({
  icon,
  className,
}: {
  icon: string | null;
  className?: string;
}) {
  const Icon = (icon && ICONS[icon]) || LinkIcon;
  return <Icon className={className} aria-hidden="true" />;
}
