import { avatarImage } from "./images";

/**
 * Demo accounts. Every one signs in with the demo password ("rentwell-demo").
 * Admin accounts come from ADMIN_EMAILS (see seed.server.ts); the names below
 * are given to them in that order.
 */

export type ProfileSeed = {
  fullName: string;
  avatarUrl?: string;
  bio?: string;
  responseRate?: number;
  responseTime?: string;
  website?: string;
  location?: string;
  instagram?: string;
  twitter?: string;
  facebook?: string;
  linkedin?: string;
  youtube?: string;
  tiktok?: string;
};

export type UserSeed = {
  /** Stable key that listings (host) and reviews refer to. */
  key: string;
  email: string;
  /** ISO timestamp. */
  createdAt: string;
  /** Left out: the account has no profile row (the app shows a default profile). */
  profile?: ProfileSeed;
};

export const ADMIN_CREATED_AT = "2024-01-08T09:00:00Z";
export const ADMIN_NAMES: readonly string[] = ["Rentwell Admin", "Rentwell Operations"];

export const HOSTS: readonly UserSeed[] = [
  {
    key: "host",
    email: "host@rentwell.test",
    createdAt: "2024-02-03T15:20:00Z",
    profile: {
      fullName: "Jordan Ellis",
      avatarUrl: avatarImage("avatar-3"),
      bio: "Tampa Bay local with a garage full of well-kept tools and a yard crew's worth of garden machines. I rent them out so my neighbours don't have to buy something they'll use twice a year.",
      location: "Riverview, FL",
      responseRate: 98,
      responseTime: "within an hour",
      website: "https://jordanellis.example",
      instagram: "jordan.fixes.things",
    },
  },
  {
    key: "maya",
    email: "maya.chen@rentwell.test",
    createdAt: "2024-03-11T13:05:00Z",
    profile: {
      fullName: "Maya Chen",
      avatarUrl: avatarImage("avatar-1"),
      bio: "Photographer and studio manager in Manhattan. I run two daylight studios and a loft in SoHo, and I'm happy to help with lighting setups before your shoot.",
      location: "New York, NY",
      responseRate: 99,
      responseTime: "within an hour",
      website: "https://mayachenstudios.example",
      instagram: "mayachenstudios",
      linkedin: "maya-chen-studios",
    },
  },
  {
    key: "diego",
    email: "diego.ramirez@rentwell.test",
    createdAt: "2024-03-28T18:40:00Z",
    profile: {
      fullName: "Diego Ramirez",
      avatarUrl: avatarImage("avatar-2"),
      bio: "LA native, car person, occasional DJ. My cars are detailed before every rental and I'll meet you anywhere between Silver Lake and Santa Monica.",
      location: "Los Angeles, CA",
      responseRate: 96,
      responseTime: "within a few hours",
      instagram: "diego.drives.la",
      youtube: "DiegoRamirezLA",
      tiktok: "diegoramirezla",
    },
  },
  {
    key: "priya",
    email: "priya.nair@rentwell.test",
    createdAt: "2024-04-16T10:15:00Z",
    profile: {
      fullName: "Priya Nair",
      avatarUrl: avatarImage("avatar-4"),
      bio: "I manage flexible workspace and kitchen space across Chicago and the Midwest. Tell me what your team or menu needs and I'll find the right room.",
      location: "Chicago, IL",
      responseRate: 100,
      responseTime: "within an hour",
      website: "https://loopworkspaces.example",
      linkedin: "priya-nair-loop",
    },
  },
  {
    key: "marcus",
    email: "marcus.johnson@rentwell.test",
    createdAt: "2024-05-02T16:30:00Z",
    profile: {
      fullName: "Marcus Johnson",
      avatarUrl: avatarImage("avatar-6"),
      bio: "Event producer based in Houston with venues and crews across Texas. Weddings, launches, quinceañeras, reunions: if it needs a room and a sound system, I can help.",
      location: "Houston, TX",
      responseRate: 94,
      responseTime: "within a few hours",
      facebook: "marcusjohnsonevents",
      instagram: "mj.events.tx",
    },
  },
  {
    key: "sofia",
    email: "sofia.alvarez@rentwell.test",
    createdAt: "2024-05-19T14:10:00Z",
    profile: {
      fullName: "Sofia Alvarez",
      avatarUrl: avatarImage("avatar-9"),
      bio: "Desert rat in winter, surfer in summer. I rent out ATVs in Phoenix and boards, kayaks and boats in San Diego, with a proper safety briefing every time.",
      location: "San Diego, CA",
      responseRate: 97,
      responseTime: "within an hour",
      instagram: "sofia.outdoors",
      tiktok: "sofiaoutdoors",
    },
  },
  {
    key: "grace",
    email: "grace.okafor@rentwell.test",
    createdAt: "2024-06-07T11:45:00Z",
    profile: {
      fullName: "Grace Okafor",
      avatarUrl: avatarImage("avatar-5"),
      bio: "Ceramicist and co-founder of a shared studio building in Fishtown. We rent our art rooms and test kitchen to makers who need more space than a spare bedroom.",
      location: "Philadelphia, PA",
      responseRate: 92,
      responseTime: "within a day",
      website: "https://fishtownmakers.example",
      instagram: "grace.makes.pots",
    },
  },
  {
    key: "kenji",
    email: "kenji.watanabe@rentwell.test",
    createdAt: "2024-06-21T02:30:00Z",
    profile: {
      fullName: "Kenji Watanabe",
      avatarUrl: avatarImage("avatar-8"),
      bio: "Producer and studio owner in Tokyo. I also look after a few spaces for friends in Kyoto and Seoul. English and Japanese spoken.",
      location: "Tokyo, Japan",
      responseRate: 95,
      responseTime: "within a few hours",
      twitter: "kenji_sounds",
      instagram: "kenji.sounds",
    },
  },
  {
    key: "amelia",
    email: "amelia.hughes@rentwell.test",
    createdAt: "2024-07-09T08:50:00Z",
    profile: {
      fullName: "Amelia Hughes",
      avatarUrl: avatarImage("avatar-7"),
      bio: "Location scout turned host. I look after studios, offices and a canal boat in London, plus a flat-turned-studio in Edinburgh.",
      location: "London, United Kingdom",
      responseRate: 97,
      responseTime: "within an hour",
      website: "https://ameliahughes.example",
      linkedin: "amelia-hughes-locations",
      instagram: "amelia.scouts",
    },
  },
  {
    key: "claire",
    email: "claire.dubois@rentwell.test",
    createdAt: "2024-07-30T09:25:00Z",
    profile: {
      fullName: "Claire Dubois",
      avatarUrl: avatarImage("avatar-10"),
      bio: "Parisian event planner with a soft spot for the Aegean. I host ateliers in Paris, a terrace in Barcelona and summer experiences in Greece.",
      location: "Paris, France",
      responseRate: 93,
      responseTime: "within a few hours",
      instagram: "claire.dubois.events",
      facebook: "clairedubois.events",
    },
  },
  {
    key: "omar",
    email: "omar.haddad@rentwell.test",
    createdAt: "2024-08-18T06:00:00Z",
    profile: {
      fullName: "Omar Haddad",
      bio: "Dubai-based host for yachts, desert adventures and a rooftop above the Marina. Every booking comes with a WhatsApp line to me.",
      location: "Dubai, United Arab Emirates",
      responseRate: 99,
      responseTime: "within an hour",
      instagram: "omar.haddad.dxb",
    },
  },
  {
    key: "liam",
    email: "liam.oconnor@rentwell.test",
    createdAt: "2024-09-04T22:10:00Z",
    profile: {
      fullName: "Liam O'Connor",
      bio: "Sydney photographer who spends the winters in Bali. I rent studios, camera gear and a couple of favourite spots around the Pacific.",
      location: "Sydney, Australia",
      responseRate: 90,
      responseTime: "within a day",
      website: "https://liamoconnor.example",
      youtube: "LiamOConnorPhoto",
    },
  },
  {
    key: "chloe",
    email: "chloe.tremblay@rentwell.test",
    createdAt: "2024-10-12T17:35:00Z",
    profile: {
      fullName: "Chloe Tremblay",
      bio: "Toronto host for studios and lake gear, with a cabin-van in Vancouver. Bilingual (English and French).",
      location: "Toronto, Canada",
      responseRate: 96,
      responseTime: "within a few hours",
      instagram: "chloe.tremblay.to",
    },
  },
  // Hosts without a profile row: the app shows the default host profile for them.
  { key: "bayarea-gear", email: "bayarea.gear@rentwell.test", createdAt: "2024-11-05T19:00:00Z" },
  { key: "hans", email: "hans.becker@rentwell.test", createdAt: "2025-01-14T10:20:00Z" },
];

export const GUESTS: readonly UserSeed[] = [
  {
    key: "guest",
    email: "guest@rentwell.test",
    createdAt: "2024-04-02T12:00:00Z",
    profile: { fullName: "Alex Morgan", bio: "Weekend photographer and occasional event organiser.", location: "Tampa, FL" },
  },
  { key: "emma", email: "emma.wilson@rentwell.test", createdAt: "2024-05-10T09:30:00Z", profile: { fullName: "Emma Wilson", location: "Brooklyn, NY" } },
  { key: "noah", email: "noah.kim@rentwell.test", createdAt: "2024-06-14T20:10:00Z", profile: { fullName: "Noah Kim", location: "Seattle, WA" } },
  { key: "olivia", email: "olivia.martin@rentwell.test", createdAt: "2024-07-01T15:45:00Z", profile: { fullName: "Olivia Martin", location: "Toronto, Canada" } },
  { key: "lucas", email: "lucas.silva@rentwell.test", createdAt: "2024-08-22T11:05:00Z", profile: { fullName: "Lucas Silva", location: "Austin, TX" } },
  { key: "ava", email: "ava.patel@rentwell.test", createdAt: "2024-09-17T08:40:00Z", profile: { fullName: "Ava Patel", location: "London, United Kingdom" } },
  { key: "mateo", email: "mateo.garcia@rentwell.test", createdAt: "2024-10-03T18:25:00Z", profile: { fullName: "Mateo García", location: "Barcelona, Spain" } },
  { key: "isabella", email: "isabella.rossi@rentwell.test", createdAt: "2024-12-09T10:00:00Z", profile: { fullName: "Isabella Rossi", location: "Sydney, Australia" } },
  { key: "yuki", email: "yuki.tanaka@rentwell.test", createdAt: "2025-02-20T04:15:00Z", profile: { fullName: "Yuki Tanaka", location: "Tokyo, Japan" } },
  // A guest without a name: reviews by this account show as "Anonymous".
  { key: "quiet", email: "quiet.guest@rentwell.test", createdAt: "2025-03-30T21:50:00Z", profile: { fullName: "" } },
];
