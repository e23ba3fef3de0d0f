/** The main navigation of docs/product.md#navigation, in order. */
export const MAIN_NAV = [
  { to: "/", label: "Home" },
  { to: "/how-it-works", label: "How it works" },
  { to: "/explore", label: "Explore" },
  { to: "/blog", label: "Blog" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

/** Footer links of docs/product.md#footer, grouped for reading. */
export const FOOTER_GROUPS = [
  {
    title: "Company",
    links: [
      { to: "/about", label: "About" },
      { to: "/careers", label: "Careers" },
      { to: "/press", label: "Press" },
      { to: "/blog", label: "Blog" },
    ],
  },
  {
    title: "Support",
    links: [
      { to: "/help", label: "Help Center" },
      { to: "/safety", label: "Safety" },
      { to: "/cancellation", label: "Cancellation Policy" },
      { to: "/covid19", label: "COVID-19 Response" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/privacy", label: "Privacy Policy" },
      { to: "/terms", label: "Terms of Service" },
      { to: "/sitemap", label: "Sitemap" },
    ],
  },
] as const;

export const SOCIAL_LINKS = [
  { href: "https://www.facebook.com/rentwell", label: "Facebook" },
  { href: "https://www.instagram.com/rentwell", label: "Instagram" },
  { href: "https://x.com/rentwell", label: "X (Twitter)" },
  { href: "https://www.linkedin.com/company/rentwell", label: "LinkedIn" },
] as const;
