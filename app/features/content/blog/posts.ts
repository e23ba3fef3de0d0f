import type { BlogPost } from "./blog";

/**
 * The blog's posts, written in full (ADR 0020: posts are content in code, versioned
 * and reviewed with the app). Every card on /blog leads to one of these.
 */
export const BLOG_POSTS: BlogPost[] = [
  {
    slug: "future-of-space-rental-2025",
    title: "The Future of Space Rental: Trends Shaping 2025",
    excerpt:
      "Flexible work, the creator economy and a new appetite for sharing are changing how people find and book space. Here is what we expect to define the year.",
    category: "Industry Trends",
    author: { name: "Sarah Johnson", role: "Head of Market Insights" },
    date: "2025-01-15",
    readMinutes: 8,
    tags: ["Trends", "Sharing Economy", "Flexible Work", "2025"],
    image: "/demo/loft-1.webp",
    imageAlt: "A bright loft with tall windows set up for a flexible meeting",
    featured: true,
    body: [
      {
        p: "Space used to be something you owned or leased for years at a time. In 2025 more people than ever rent exactly the space they need, for exactly as long as they need it: a photo studio for an afternoon, a commercial kitchen for a weekend pop-up, a quiet office for a week of deep work. Here are the trends we see shaping the year.",
      },
      { h2: "1. Flexible work is now the default" },
      {
        p: "Hybrid schedules have settled in. Teams that gave up large headquarters still need places to meet, plan and celebrate. Instead of paying for desks that sit empty four days a week, they book meeting rooms and lofts by the hour or the day. Hosts who offer reliable Wi-Fi, a good screen and flexible hourly pricing are seeing the strongest demand.",
      },
      { h2: "2. The creator economy needs rooms" },
      {
        p: "Podcasters, photographers, YouTubers and small brands produce more content than ever, and most of them do not own a studio. Spaces with controllable light, sound treatment and simple backdrops are booked again and again. A living room with great natural light can earn as much as a purpose-built studio when it is described and priced well.",
      },
      { h2: "3. Renting beyond rooms" },
      {
        p: "The same logic now applies to vehicles, equipment, services and experiences. Guests rent a camper van for a long weekend, a power-tool kit for a renovation or a guided kayak tour for a birthday. Platforms that handle all of these in one place — with the same booking, payment and review flow — make it easy to plan a whole project or event.",
      },
      { h2: "4. Instant booking and trust" },
      {
        p: "Guests expect to book the moment they find the right place. Instant booking, with no host approval step, removes days of back-and-forth. It works because the platform carries the trust: identity-verified users, payment held until 24 hours after the booking, clear cancellation policies and $1M liability insurance on every booking.",
      },
      { h2: "5. Sustainability through sharing" },
      {
        p: "Every hour a space or tool is shared is an hour something new does not have to be built or bought. Guests increasingly choose to rent rather than own, and hosts see idle assets turn into income. Sharing is not only cheaper; it is a practical way to use what already exists.",
      },
      { h2: "What this means for hosts and guests" },
      {
        ul: [
          "Offer hourly as well as daily, weekly and monthly prices so every kind of guest can book.",
          "Describe what makes your space useful: light, sound, power, parking, access.",
          "Keep your calendar current so instant booking never disappoints.",
          "Guests: compare total prices including the 10% service fee, and read the cancellation policy before you book.",
        ],
      },
      {
        p: "We expect 2025 to be the year flexible rental becomes ordinary. Whether you have a spare room, a van or a garage full of tools, there is someone nearby who needs it for an hour, a day or a month.",
      },
    ],
  },
  {
    slug: "maximize-space-earnings",
    title: "10 Ways to Maximize Your Space Rental Earnings",
    excerpt:
      "From pricing by the hour to photographs that sell, these practical steps help hosts earn more from the space they already have.",
    category: "Host Tips",
    author: { name: "Michael Chen", role: "Host Success Lead" },
    date: "2025-01-10",
    readMinutes: 6,
    tags: ["Hosting", "Pricing", "Earnings", "Listings"],
    image: "/demo/studio-1.webp",
    imageAlt: "A photo studio with softbox lights and a white backdrop",
    body: [
      {
        p: "Listing a space on Rentwell is free and takes about 60 seconds. Turning that listing into steady income takes a little more thought. These are the ten changes we see make the biggest difference for hosts.",
      },
      { h2: "1. Price by the hour and by the day" },
      {
        p: "Many guests only need a few hours. An hourly rate opens your space to shoots, meetings and rehearsals, while daily, weekly and monthly rates reward longer bookings. Set each one deliberately: a daily rate of six to eight times the hourly rate is a common starting point.",
      },
      { h2: "2. Take photographs in daylight" },
      {
        p: "Your first photograph does most of the selling. Shoot in the morning or early afternoon, open every curtain, tidy away clutter and take wide shots from a corner. Add close-ups of what guests care about: the kitchen, the lighting rig, the loading access.",
      },
      { h2: "3. Write a title that says what it is for" },
      {
        p: "“Sunny loft” is pleasant; “Sunny loft for photo shoots and workshops, 20 guests” gets booked. Say what the space is good for, how many people it holds and what makes it different.",
      },
      { h2: "4. List every amenity" },
      {
        p: "Wi-Fi, parking, a projector, a sound system, step-free access: guests filter and search for these. Each amenity you leave out is a search you will not appear in.",
      },
      { h2: "5. Keep your calendar accurate" },
      {
        p: "Instant booking means guests book without waiting for you. Mark the times you are not available so every booking is one you can honour. Accurate calendars lead to better reviews and more repeat guests.",
      },
      { h2: "6. Respond quickly" },
      {
        p: "Guests notice hosts who answer within an hour. A fast, friendly reply before the booking and a short welcome message on the day set the tone for a five-star review.",
      },
      { h2: "7. Choose the right cancellation policy" },
      {
        p: "A Flexible policy (full refund at least 24 hours before the start) attracts the most bookings. Moderate (full refund at least 5 days before) and Strict (50% refund at least 7 days before) suit spaces that are hard to rebook at short notice.",
      },
      { h2: "8. Add offers for longer stays" },
      {
        p: "Weekly and monthly prices bring in studios, pop-ups and teams who need a base for a project. One monthly booking can replace dozens of short ones and cut your turnaround work.",
      },
      { h2: "9. Earn great reviews" },
      {
        p: "Reviews are the most persuasive part of your listing. Clean thoroughly between bookings, leave clear instructions, and follow up after the booking to thank your guest.",
      },
      { h2: "10. Understand your payout" },
      {
        p: "Rentwell charges guests a 10% service fee on top of your price, and your share is paid out 24 hours after each completed booking, arriving in 3-5 business days. Knowing exactly what you receive makes pricing simple.",
      },
      {
        p: "Start with one or two of these changes this week and watch how your views and bookings respond. Small improvements compound quickly.",
      },
    ],
  },
  {
    slug: "tampa-creative-spaces-guide",
    title: "A Local's Guide to Creative Spaces in Tampa",
    excerpt:
      "Rentwell's home city has studios, waterfront venues and workshops for every kind of project. Here is where to look.",
    category: "City Guides",
    author: { name: "Emily Rodriguez", role: "Community Manager, Tampa" },
    date: "2025-01-05",
    readMinutes: 5,
    tags: ["Tampa", "Florida", "Studios", "Venues"],
    image: "/demo/area-waterfront-1.webp",
    imageAlt: "A waterfront promenade at sunset",
    body: [
      {
        p: "Rentwell is based in Tampa, Florida, so we know the city's creative corners well. Whether you are shooting a campaign, hosting a workshop or throwing a party, Tampa has a space for it.",
      },
      { h2: "Downtown and the Riverwalk" },
      {
        p: "Downtown's converted offices and lofts have high ceilings and big windows, ideal for photo shoots and team off-sites. The Riverwalk puts waterfront views a short walk away for outdoor portraits.",
      },
      { h2: "Ybor City" },
      {
        p: "Historic brick buildings in Ybor City house music rehearsal rooms, event halls and galleries. Many hosts offer evening hours, which suits bands and after-work events.",
      },
      { h2: "Seminole Heights" },
      {
        p: "This leafy neighbourhood is full of bungalows with character: great for lifestyle shoots and small workshops. Look for listings with gardens and porches.",
      },
      { h2: "Nearby: Riverview and Brandon" },
      {
        p: "Just south-east of the city, Riverview offers larger spaces, garages and yards at lower hourly rates — perfect for equipment storage, car shoots or community events.",
      },
      { h2: "Tips for booking in Tampa" },
      {
        ul: [
          "Summer afternoons bring storms: book indoor backups for outdoor shoots.",
          "Check parking and loading access for equipment-heavy projects.",
          "Weekday mornings are the best value in most neighbourhoods.",
        ],
      },
    ],
  },
  {
    slug: "designing-a-bookable-studio",
    title: "Designing a Studio Guests Love to Book",
    excerpt:
      "Light, sound, storage and a few thoughtful details turn an ordinary room into a studio that books itself.",
    category: "Design",
    author: { name: "David Kim", role: "Interior Designer and Host" },
    date: "2024-12-28",
    readMinutes: 7,
    tags: ["Design", "Studios", "Lighting", "Hosting"],
    image: "/demo/studio-2.webp",
    imageAlt: "A minimalist studio with neutral walls and adjustable lighting",
    body: [
      {
        p: "You do not need a large budget to create a space that creators, teams and small businesses return to. You need a room that is easy to adapt. These design principles come from hosts whose studios are booked most days of the week.",
      },
      { h2: "Start with light" },
      {
        p: "Natural light is the feature guests ask about most. Keep windows clear and add blackout blinds so guests can choose. Supplement with dimmable, high-CRI LED lights on separate switches so the room works at any hour.",
      },
      { h2: "Neutral, then flexible" },
      {
        p: "White or light grey walls and a plain floor let guests bring their own look. Offer a few rolling backdrops, a rug and two or three pieces of furniture that can be moved in minutes.",
      },
      { h2: "Treat the sound" },
      {
        p: "Echo ruins recordings and meetings. Acoustic panels, heavy curtains and a rug make a dramatic difference for little cost. Mention them in your listing: podcasters search for them.",
      },
      { h2: "Power and storage" },
      {
        p: "Place outlets along every wall, add a sturdy power strip or two, and give guests a clear spot for bags and cases. A tidy space stays tidy when everything has a place.",
      },
      { h2: "Small details that earn reviews" },
      {
        ul: [
          "A full-length mirror and a clothes rail for shoots.",
          "Fast Wi-Fi with the password printed by the door.",
          "A kettle, water and a few clean mugs.",
          "A printed card with house rules and how to leave the space.",
        ],
      },
      {
        p: "Photograph the finished room from the guest's point of view, and list each feature as an amenity. Design is only half the work: describing it well is what gets it booked.",
      },
    ],
  },
  {
    slug: "flexible-workspace-for-remote-teams",
    title: "Flexible Workspace for Remote Teams: Meet When It Matters",
    excerpt:
      "Distributed teams are trading permanent offices for on-demand rooms. How to choose and book the right space for planning days and off-sites.",
    category: "Workspace",
    author: { name: "Lisa Thompson", role: "Workplace Strategist" },
    date: "2024-12-20",
    readMinutes: 6,
    tags: ["Remote Work", "Offices", "Teams", "Meetings"],
    image: "/demo/office-1.webp",
    imageAlt: "A modern meeting room with a long table and a wall screen",
    body: [
      {
        p: "Remote teams do their daily work from anywhere, but they still need to be in a room together now and then. Renting workspace by the hour or day gives them that without a lease.",
      },
      { h2: "Decide what the day is for" },
      {
        p: "A planning day needs a large table, a screen and whiteboards. A team celebration needs a kitchen and somewhere to relax. Write down the agenda first, then search for spaces whose amenities match it.",
      },
      { h2: "Pick a location everyone can reach" },
      {
        p: "Choose a neighbourhood with good transit and parking. Listings show the location up front, so compare travel times before you book.",
      },
      { h2: "Book for the right length" },
      {
        p: "Most teams book a full day for an off-site and two to four hours for a workshop. For a project sprint, a weekly rate is often cheaper than five daily bookings.",
      },
      { h2: "Check the essentials" },
      {
        ul: [
          "Capacity: the listing's capacity should exceed your headcount.",
          "Wi-Fi and power for everyone's laptops.",
          "Screen or projector with the right connectors.",
          "Accessibility for every member of the team.",
        ],
      },
      { h2: "Budget with confidence" },
      {
        p: "The price you see is the host's rate plus a 10% service fee, shown before you pay. With instant booking you confirm the room immediately, and most listings give a full refund if plans change 24 hours or more ahead.",
      },
    ],
  },
  {
    slug: "sustainable-sharing-economy",
    title: "Why Renting Is the Sustainable Choice",
    excerpt:
      "Sharing spaces, tools and vehicles keeps useful things in use. A look at the environmental case for renting over owning.",
    category: "Sustainability",
    author: { name: "Amara Okafor", role: "Sustainability Lead" },
    date: "2024-12-12",
    readMinutes: 5,
    tags: ["Sustainability", "Sharing Economy", "Equipment", "Community"],
    image: "/demo/garden-1.webp",
    imageAlt: "A shared community garden with raised beds",
    body: [
      {
        p: "The average power drill is used for only a few minutes in its whole life. Many cars sit parked most of the day, and many rooms stay empty most of the week. Renting lets those things do more work, and that is good for the planet as well as for wallets.",
      },
      { h2: "Fewer things, better used" },
      {
        p: "When a neighbour rents your ladder, pressure washer or camera, one fewer is made, shipped and eventually thrown away. Shared equipment is also often better maintained, because hosts rely on it earning reviews.",
      },
      { h2: "Space without construction" },
      {
        p: "Using existing rooms for meetings, classes and events reduces the demand for new buildings. An evening workshop in a café after closing time, or a weekend market in a warehouse, makes use of space that already has heating, lighting and access.",
      },
      { h2: "Local by design" },
      {
        p: "Renting nearby cuts travel and delivery. Many hosts offer pickup, and some deliver equipment for a small fee, so a single trip replaces a purchase and its packaging.",
      },
      { h2: "How to rent more sustainably" },
      {
        ul: [
          "Rent tools and gear for one-off projects instead of buying.",
          "Choose spaces close to the people who will attend.",
          "Return items clean and report any wear so they last longer.",
          "If you own something you rarely use, list it.",
        ],
      },
    ],
  },
  {
    slug: "content-creators-rental-studios",
    title: "The Content Creator's Guide to Renting a Studio",
    excerpt:
      "How photographers, podcasters and video makers can choose, book and get the most from a rented studio session.",
    category: "Content Creation",
    author: { name: "Jordan Lee", role: "Photographer and Host" },
    date: "2024-12-05",
    readMinutes: 7,
    tags: ["Content Creation", "Photography", "Podcasting", "Studios"],
    image: "/demo/camera-1.webp",
    imageAlt: "A camera on a tripod in front of a lit set",
    body: [
      {
        p: "A rented studio can lift your content from good to professional. Here is how to pick the right one and make every booked hour count.",
      },
      { h2: "Match the studio to the shoot" },
      {
        p: "Product photography needs a small, controllable space with a seamless backdrop. Interviews need quiet and room for two cameras. Fashion needs space to move, a mirror and a changing area. Filter by space type and read the amenities carefully.",
      },
      { h2: "Plan your hours" },
      {
        p: "Book time for setup and pack-down, not only for shooting. Most creators add an hour to each end. Hourly pricing makes short sessions affordable; a daily rate is usually better value beyond six hours.",
      },
      { h2: "Bring a shot list" },
      {
        p: "A clear list of shots, props and outfits keeps the session moving. Share it with your host in advance if you need furniture moved or equipment set up.",
      },
      { h2: "Rent gear too" },
      {
        p: "Rentwell lists cameras, lenses, lights and audio gear as well as studios. Renting a lens for a day costs a fraction of buying one and lets you try before you commit.",
      },
      { h2: "Leave a great impression" },
      {
        ul: [
          "Arrive on time and finish on time.",
          "Put everything back where you found it.",
          "Tag the studio when you share your work — hosts love it.",
          "Leave an honest review to help other creators.",
        ],
      },
    ],
  },
  {
    slug: "pricing-by-hour-day-week",
    title: "Hourly, Daily or Monthly? Pricing Your Listing Right",
    excerpt:
      "A practical guide to setting hourly, daily, weekly and monthly rates that attract bookings without leaving money on the table.",
    category: "Host Tips",
    author: { name: "Michael Chen", role: "Host Success Lead" },
    date: "2024-11-26",
    readMinutes: 6,
    tags: ["Pricing", "Hosting", "Rates", "Earnings"],
    image: "/demo/tools-1.webp",
    imageAlt: "A workbench with neatly arranged power tools",
    body: [
      {
        p: "Guests book by the hour, day, week or month. Offering the right mix of rates — and setting each one sensibly — is the single biggest lever hosts have on earnings.",
      },
      { h2: "Start from comparable listings" },
      {
        p: "Search for listings like yours in your city and note their hourly and daily rates. Price slightly below the average while you collect your first reviews, then raise rates as bookings grow.",
      },
      { h2: "Build a ladder of discounts" },
      {
        p: "Longer bookings mean less cleaning and fewer handovers, so reward them. A simple ladder: daily = 6-8 × hourly, weekly = 4-5 × daily, monthly = 3 × weekly. Guests see every rate you offer, listed from hourly to monthly.",
      },
      { h2: "Remember the service fee" },
      {
        p: "Guests pay your price plus a 10% service fee, shown clearly before they pay. Your payout is your price, released 24 hours after the booking ends.",
      },
      { h2: "Deposits and delivery" },
      {
        p: "For vehicles and equipment, a refundable deposit protects you from damage, and a delivery fee covers your time when you drop items off. Both are shown to guests on the listing.",
      },
      { h2: "Review every season" },
      {
        ul: [
          "Raise rates for peak months and weekends.",
          "Lower weekday daytime rates if those hours sit empty.",
          "Check which rates guests actually choose and adjust the others.",
        ],
      },
    ],
  },
  {
    slug: "new-york-event-venues-guide",
    title: "Finding the Perfect Event Venue in New York",
    excerpt:
      "From Brooklyn lofts to Manhattan rooftops, a guide to booking event space in New York by the hour.",
    category: "City Guides",
    author: { name: "Rachel Green", role: "Events Editor" },
    date: "2024-11-18",
    readMinutes: 6,
    tags: ["New York", "Events", "Venues", "City Guides"],
    image: "/demo/venue-1.webp",
    imageAlt: "An event venue set with round tables and string lights",
    body: [
      {
        p: "New York has thousands of rooms that can host a party, launch or workshop — if you know where to look. Booking by the hour makes even the city's best venues accessible.",
      },
      { h2: "Brooklyn lofts" },
      {
        p: "Williamsburg, Bushwick and DUMBO are full of industrial lofts with exposed brick and big windows. They are ideal for launches, dinners and creative workshops, and often allow you to bring your own caterer.",
      },
      { h2: "Manhattan rooftops and penthouses" },
      {
        p: "For views, look in Midtown and the Lower East Side. Rooftops book fast in summer: reserve several weeks ahead and check the rain plan.",
      },
      { h2: "Queens and beyond" },
      {
        p: "Long Island City offers large, affordable spaces with skyline views, one subway stop from Midtown.",
      },
      { h2: "Questions to ask before booking" },
      {
        ul: [
          "What is the capacity, standing and seated?",
          "Are tables, chairs and a sound system included?",
          "What time can setup start, and when must you leave?",
          "What is the cancellation policy?",
        ],
      },
      {
        p: "Every booking on Rentwell includes $1M liability insurance, and instant booking means you can lock in the date as soon as you find the right room.",
      },
    ],
  },
];
