import type { cities } from "~/db/schema/catalog";
import { type AreaKind, areaImage, type CitySlug, cityHeroImage } from "./images";

/**
 * City pages: the 20 catch-all slugs (/{city}) and the US cities with their
 * own routes. Each has four highlights and three popular areas.
 */

export type CitySeed = Omit<typeof cities.$inferInsert, "createdAt"> & { slug: CitySlug };

type CityInput = {
  slug: CitySlug;
  name: string;
  state?: string;
  country: string;
  title: string;
  description: string;
  /** What people rent there, for the meta description: "photo studios, rooftops and camera gear". */
  focus: string;
  keywords: string[];
  highlights: [string, string][];
  areas: [name: string, kind: AreaKind, variant: 1 | 2, description: string][];
};

function city(input: CityInput): CitySeed {
  const where = input.state ? `${input.name}, ${input.state}` : `${input.name}, ${input.country}`;
  return {
    slug: input.slug,
    name: input.name,
    state: input.state ?? null,
    country: input.country,
    title: input.title,
    description: input.description,
    heroImage: cityHeroImage(input.slug),
    seoTitle: `${input.name} Rentals: Spaces, Vehicles & Equipment | Rentwell`,
    metaDescription: `Book ${input.focus} in ${where} from local hosts. Hourly, daily and monthly rates with secure payments on Rentwell.`,
    metaKeywords: [`${input.name.toLowerCase()} rentals`, ...input.keywords],
    highlights: input.highlights.map(([title, description]) => ({ title, description })),
    popularAreas: input.areas.map(([name, kind, variant, description]) => ({ name, image: areaImage(kind, variant), description })),
  };
}

export const CITIES: readonly CitySeed[] = [
  city({
    slug: "tokyo",
    name: "Tokyo",
    country: "Japan",
    title: "Rent Creative Spaces in Tokyo",
    description:
      "From soundproofed studios in Shibuya to tatami rooms in quiet Yanaka, Tokyo's hosts rent out spaces that are as precise and well kept as the city itself. Book by the hour, pay in yen, and walk to the nearest station.",
    focus: "music studios, photo studios and event spaces",
    keywords: ["tokyo studio rental", "shibuya event space", "tokyo photo studio"],
    highlights: [
      ["Station-close", "Almost every listing is within a ten-minute walk of a train or metro station."],
      ["Hourly culture", "Tokyo hosts are used to short bookings: two-hour slots are the norm, not the exception."],
      ["Spotless spaces", "Shoes off at the door, equipment labelled, and everything left exactly as you found it."],
      ["Late nights", "Many studios run until midnight or later for rehearsals and night shoots."],
    ],
    areas: [
      ["Shibuya", "downtown", 2, "Music studios, rehearsal rooms and rooftop bars above the famous crossing."],
      ["Yanaka", "oldtown", 1, "Old wooden houses and temple lanes, ideal for calm workshops and portrait shoots."],
      ["Odaiba", "waterfront", 2, "Wide open bay-side venues for launches, exhibitions and festivals."],
    ],
  }),
  city({
    slug: "new-york",
    name: "New York",
    state: "NY",
    country: "United States",
    title: "Rent Spaces in New York City",
    description:
      "Daylight studios in Chelsea, cast-iron lofts in SoHo, rooftops with skyline views and rehearsal rooms that never sleep. New York hosts rent the spaces that make the city's creative and business life work, by the hour or by the month.",
    focus: "photo studios, lofts, rooftops and meeting rooms",
    keywords: ["nyc photo studio rental", "new york loft rental", "manhattan event space", "brooklyn rooftop"],
    highlights: [
      ["Production-ready", "Cycloramas, grip, steamers and freight elevators: studios built for professional shoots."],
      ["Every size", "From a two-person podcast booth to a 300-guest rooftop."],
      ["Around the clock", "Early call times and late wraps are standard; many spaces offer 24-hour access."],
      ["Transit everywhere", "Subway-close listings across Manhattan, Brooklyn and Queens."],
    ],
    areas: [
      ["Chelsea", "arts", 1, "Galleries, photo studios and converted warehouses along the High Line."],
      ["SoHo", "oldtown", 2, "Cast-iron lofts with tall windows and hardwood floors."],
      ["Brooklyn Waterfront", "waterfront", 1, "Rooftops and event spaces facing the Manhattan skyline."],
    ],
  }),
  city({
    slug: "london",
    name: "London",
    country: "United Kingdom",
    title: "Rent Creative Spaces in London",
    description:
      "Warehouse studios in Hackney, Georgian townhouses in Islington and meeting rooms a short walk from the Tube. London's hosts rent spaces for shoots, supper clubs and strategy days, with prices in pounds and no agency fees.",
    focus: "photo studios, townhouses and meeting rooms",
    keywords: ["london studio hire", "london location house", "east london warehouse", "meeting room london"],
    highlights: [
      ["Location houses", "Period homes and warehouses that double as film and photo locations."],
      ["On the Tube", "Most spaces are within walking distance of an Underground or Overground station."],
      ["Flexible hire", "Half-day and evening rates for supper clubs, workshops and rehearsals."],
      ["Local crews", "Hosts can recommend photographers, caterers and runners."],
    ],
    areas: [
      ["Shoreditch", "arts", 2, "Street art, warehouse studios and the city's creative agencies."],
      ["South Bank", "waterfront", 1, "Riverside venues near theatres, galleries and markets."],
      ["Borough", "market", 1, "Railway arches and event spaces beside London's oldest food market."],
    ],
  }),
  city({
    slug: "paris",
    name: "Paris",
    country: "France",
    title: "Rent Ateliers and Event Spaces in Paris",
    description:
      "Sunlit ateliers under zinc roofs, Haussmann apartments with herringbone floors and courtyards hidden behind carriage doors. Paris hosts rent spaces for fashion shoots, private dinners and workshops, priced in euros.",
    focus: "ateliers, apartments and event spaces",
    keywords: ["paris atelier rental", "paris photo shoot location", "paris event space", "location studio paris"],
    highlights: [
      ["Haussmann style", "Moulded ceilings, marble fireplaces and tall windows for timeless shoots."],
      ["Fashion-week ready", "Showrooms and studios close to the Marais and the Golden Triangle."],
      ["Courtyard venues", "Private courtyards for cocktail evenings and intimate weddings."],
      ["Local know-how", "Hosts help with permits, parking and the building's concierge."],
    ],
    areas: [
      ["Le Marais", "oldtown", 2, "Historic streets full of galleries, showrooms and hidden courtyards."],
      ["Canal Saint-Martin", "waterfront", 2, "Creative studios and cafés along the iron footbridges."],
      ["Montmartre", "hills", 1, "Artists' ateliers on the hill, with views across the rooftops."],
    ],
  }),
  city({
    slug: "shanghai",
    name: "Shanghai",
    country: "China",
    title: "Rent Spaces in Shanghai",
    description:
      "Art Deco lane houses, glass towers in Lujiazui and converted factories along the Huangpu. Shanghai is one of Asia's great creative cities, and Rentwell hosts are starting to list studios and venues here.",
    focus: "studios, event venues and offices",
    keywords: ["shanghai studio rental", "shanghai event venue", "shanghai office space"],
    highlights: [
      ["Art Deco heritage", "Lane houses and 1930s interiors with character you won't find elsewhere."],
      ["Skyline views", "Towers and rooftops facing the Bund and Pudong."],
      ["Creative parks", "Converted mills and factories full of studios and galleries."],
      ["Growing community", "New hosts join every month: check back for fresh listings."],
    ],
    areas: [
      ["The Bund", "waterfront", 2, "Historic riverside architecture opposite the Pudong skyline."],
      ["Former French Concession", "oldtown", 1, "Tree-lined streets with lane houses, cafés and boutiques."],
      ["M50", "arts", 1, "A former textile mill turned into the city's best-known art district."],
    ],
  }),
  city({
    slug: "dubai",
    name: "Dubai",
    country: "United Arab Emirates",
    title: "Rent Yachts, Venues and Adventures in Dubai",
    description:
      "Yachts in the Marina, rooftop terraces facing the Burj Khalifa and desert camps an hour from downtown. Dubai hosts rent spaces and experiences for celebrations, shoots and corporate events, with prices in dirhams.",
    focus: "yachts, rooftop venues and desert adventures",
    keywords: ["dubai yacht rental", "dubai rooftop venue", "desert safari dubai", "dubai event space"],
    highlights: [
      ["On the water", "Crewed yachts and speedboats departing from Dubai Marina."],
      ["Skyline terraces", "Rooftops with uninterrupted views of Downtown and the Burj Khalifa."],
      ["Desert escapes", "Dune drives, camps and stargazing less than an hour away."],
      ["Year-round events", "Air-conditioned venues for summer, open-air ones for winter."],
    ],
    areas: [
      ["Dubai Marina", "waterfront", 1, "Yachts, promenades and towers along a man-made canal."],
      ["Downtown Dubai", "downtown", 2, "The Burj Khalifa, Dubai Mall and the fountain shows."],
      ["Jumeirah Beach", "beach", 1, "Beach clubs and villas along the Gulf coast."],
    ],
  }),
  city({
    slug: "singapore",
    name: "Singapore",
    country: "Singapore",
    title: "Rent Spaces in Singapore",
    description:
      "Shophouse studios in Tiong Bahru, meeting rooms above Raffles Place and event spaces with views of Marina Bay. Singapore hosts rent efficient, well-equipped spaces priced in Singapore dollars.",
    focus: "shophouse studios, meeting rooms and event spaces",
    keywords: ["singapore studio rental", "singapore meeting room", "shophouse event space"],
    highlights: [
      ["Shophouse charm", "Restored heritage shophouses with high ceilings and airwells."],
      ["Business-ready", "Meeting rooms with video conferencing in the CBD."],
      ["Garden city", "Green spaces and terraces for outdoor events."],
      ["Easy access", "MRT-close listings across the island."],
    ],
    areas: [
      ["Tiong Bahru", "oldtown", 1, "Art Deco estates, indie bookshops and bakeries."],
      ["Marina Bay", "waterfront", 2, "Waterfront venues facing the city's most famous skyline."],
      ["Kampong Glam", "market", 2, "Colourful streets, textile shops and creative studios."],
    ],
  }),
  city({
    slug: "los-angeles",
    name: "Los Angeles",
    state: "CA",
    country: "United States",
    title: "Rent Studios, Cars and Venues in Los Angeles",
    description:
      "Sound stages in Burbank, mid-century homes in Silver Lake, convertibles for the Pacific Coast Highway and DJs who know how to read a room. Los Angeles hosts rent everything a production or a party needs.",
    focus: "photo studios, cars, event venues and DJs",
    keywords: ["los angeles studio rental", "la car rental", "la event venue", "hollywood photo studio"],
    highlights: [
      ["Made for production", "Studios and locations that know how film and photo crews work."],
      ["Cars with character", "Convertibles, classics and SUVs from local owners."],
      ["Sunshine all year", "Outdoor venues and rooftops usable almost every month."],
      ["Entertainment pros", "DJs, photographers and crews for hire across the city."],
    ],
    areas: [
      ["Arts District", "arts", 2, "Warehouse studios, murals and galleries east of downtown."],
      ["Venice Beach", "beach", 2, "Boardwalk, canals and beach-side bungalows."],
      ["Hollywood Hills", "hills", 2, "Homes with canyon views for shoots and small events."],
    ],
  }),
  city({
    slug: "berlin",
    name: "Berlin",
    country: "Germany",
    title: "Rent Creative Spaces in Berlin",
    description:
      "Raw concrete studios, Altbau apartments with double doors and courtyard workshops in Kreuzberg. Berlin's hosts rent spaces for techno rehearsals, product shoots and workshops at prices that still feel fair.",
    focus: "studios, rehearsal rooms and workshops",
    keywords: ["berlin studio mieten", "berlin event location", "berlin photo studio", "berlin rehearsal room"],
    highlights: [
      ["Industrial spaces", "Former factories and power stations turned into studios."],
      ["Altbau character", "High ceilings, parquet floors and tall windows."],
      ["Music city", "Rehearsal rooms and studios with serious sound systems."],
      ["Fair prices", "Competitive hourly and daily rates compared with other capitals."],
    ],
    areas: [
      ["Kreuzberg", "arts", 1, "Courtyard workshops, canal-side cafés and street art."],
      ["Mitte", "downtown", 1, "Galleries, showrooms and the TV tower."],
      ["Prenzlauer Berg", "park", 2, "Leafy streets, Altbau apartments and weekend markets."],
    ],
  }),
  city({
    slug: "sydney",
    name: "Sydney",
    country: "Australia",
    title: "Rent Spaces and Gear in Sydney",
    description:
      "Harbour-view terraces, photo studios in Surry Hills and surfboards ready for Bondi. Sydney hosts rent spaces and equipment for shoots, events and weekends outdoors, priced in Australian dollars.",
    focus: "studios, harbour venues and surf gear",
    keywords: ["sydney studio hire", "sydney event venue", "bondi surfboard hire", "sydney harbour venue"],
    highlights: [
      ["Harbour views", "Terraces and venues facing the Opera House and the bridge."],
      ["Beach ready", "Boards, kayaks and wetsuits close to Bondi and Manly."],
      ["Creative hubs", "Studios and warehouses in Surry Hills and Marrickville."],
      ["Outdoor living", "Gardens and rooftops made for long summer evenings."],
    ],
    areas: [
      ["Circular Quay", "waterfront", 1, "The harbour, the Opera House and ferries to everywhere."],
      ["Bondi", "beach", 1, "Sydney's most famous beach, with surf schools and cafés."],
      ["Surry Hills", "arts", 1, "Terraced streets full of studios, agencies and restaurants."],
    ],
  }),
  city({
    slug: "hong-kong",
    name: "Hong Kong",
    country: "Hong Kong",
    title: "Rent Spaces in Hong Kong",
    description:
      "Industrial lofts in Kwun Tong, rooftops above Central and studios tucked into Sheung Wan's old streets. Hong Kong hosts rent compact, clever spaces for shoots, meetings and celebrations.",
    focus: "lofts, rooftops and studios",
    keywords: ["hong kong studio rental", "hong kong rooftop venue", "hong kong event space"],
    highlights: [
      ["Vertical city", "Rooftops and high floors with dramatic harbour views."],
      ["Industrial lofts", "Converted factory floors with big windows and freight lifts."],
      ["Night shoots", "Neon streets and skyline backdrops right outside the door."],
      ["Quick access", "MTR-close listings on both sides of the harbour."],
    ],
    areas: [
      ["Central", "downtown", 1, "Towers, rooftop bars and the Mid-Levels escalator."],
      ["Sheung Wan", "market", 1, "Dried-seafood shops, galleries and compact studios."],
      ["Victoria Harbour", "waterfront", 2, "The skyline that makes every photo work."],
    ],
  }),
  city({
    slug: "seoul",
    name: "Seoul",
    country: "South Korea",
    title: "Rent Studios and Spaces in Seoul",
    description:
      "Content studios in Seongsu, dance rehearsal rooms in Hongdae and hanok courtyards in Bukchon. Seoul's hosts rent beautifully designed spaces by the hour, priced in won.",
    focus: "content studios, rehearsal rooms and hanok spaces",
    keywords: ["seoul studio rental", "hongdae rehearsal room", "seongsu photo studio", "hanok rental"],
    highlights: [
      ["Content capital", "Studios designed for video, live streams and social content."],
      ["Hanok heritage", "Traditional houses for calm workshops and portrait sessions."],
      ["Hourly booking", "Short slots are standard, so you only pay for what you use."],
      ["Late-night city", "Many spaces are open well past midnight."],
    ],
    areas: [
      ["Seongsu-dong", "arts", 2, "Former shoe factories turned into cafés and studios."],
      ["Bukchon", "oldtown", 1, "Hanok alleys between two royal palaces."],
      ["Han River parks", "park", 1, "Riverside parks for picnics, cycling and outdoor shoots."],
    ],
  }),
  city({
    slug: "toronto",
    name: "Toronto",
    country: "Canada",
    title: "Rent Spaces and Gear in Toronto",
    description:
      "Photo studios on Queen West, event spaces in the Distillery District and kayaks for the Toronto Islands. Toronto hosts rent spaces and equipment for every season, priced in Canadian dollars.",
    focus: "photo studios, event spaces and outdoor gear",
    keywords: ["toronto studio rental", "toronto event venue", "distillery district venue", "toronto kayak rental"],
    highlights: [
      ["Four seasons", "Warm studios in winter, patios and lake gear in summer."],
      ["Heritage venues", "Victorian industrial buildings in the Distillery District."],
      ["Film-friendly", "Hosts used to working with Toronto's busy film industry."],
      ["Lake access", "Paddling and sailing minutes from downtown."],
    ],
    areas: [
      ["Distillery District", "oldtown", 2, "Cobbled lanes and red-brick Victorian warehouses."],
      ["Queen West", "arts", 1, "Galleries, studios and independent shops."],
      ["Harbourfront", "waterfront", 1, "Lakeside venues and ferries to the islands."],
    ],
  }),
  city({
    slug: "melbourne",
    name: "Melbourne",
    country: "Australia",
    title: "Rent Creative Spaces in Melbourne",
    description:
      "Laneway studios, warehouse venues in Collingwood and commercial kitchens for pop-ups. Melbourne's hosts rent spaces to the city's designers, chefs and musicians, priced in Australian dollars.",
    focus: "studios, warehouses and kitchens",
    keywords: ["melbourne studio hire", "melbourne warehouse venue", "melbourne commercial kitchen"],
    highlights: [
      ["Laneway culture", "Studios and bars hidden down the city's famous lanes."],
      ["Food city", "Commercial kitchens for pop-ups, classes and product development."],
      ["Live music", "Rehearsal rooms and venues in the city that loves a gig."],
      ["Design-led", "Thoughtfully furnished spaces made for creative work."],
    ],
    areas: [
      ["Fitzroy", "arts", 2, "Street art, vintage shops and warehouse studios."],
      ["Southbank", "waterfront", 2, "Riverside venues near the arts precinct."],
      ["Queen Victoria Market", "market", 2, "Produce stalls and kitchens in the heart of the city."],
    ],
  }),
  city({
    slug: "amsterdam",
    name: "Amsterdam",
    country: "Netherlands",
    title: "Rent Spaces in Amsterdam",
    description:
      "Canal-house meeting rooms, houseboat studios and converted shipyards in Amsterdam-Noord. Amsterdam hosts rent characterful spaces for workshops, shoots and team days, priced in euros.",
    focus: "canal-house rooms, studios and workshop spaces",
    keywords: ["amsterdam studio rental", "amsterdam meeting room", "canal house venue", "amsterdam noord studio"],
    highlights: [
      ["Canal views", "Meeting rooms and studios overlooking the grachten."],
      ["Bike-friendly", "Every listing is an easy cycle from Centraal."],
      ["Creative Noord", "Shipyards and warehouses across the IJ."],
      ["Sustainable spaces", "Many hosts run on green power and reuse materials."],
    ],
    areas: [
      ["Jordaan", "oldtown", 1, "Narrow canal houses, courtyards and brown cafés."],
      ["Amsterdam-Noord", "arts", 2, "Former shipyards turned into studios and festival sites."],
      ["De Pijp", "market", 1, "The Albert Cuyp market and lively cafés."],
    ],
  }),
  city({
    slug: "mumbai",
    name: "Mumbai",
    country: "India",
    title: "Rent Spaces in Mumbai",
    description:
      "Bandra bungalows, sea-facing terraces and studios close to the film industry. Mumbai is full of creative energy, and Rentwell is welcoming its first hosts here: check back soon for new spaces.",
    focus: "studios, terraces and event spaces",
    keywords: ["mumbai studio rental", "bandra event space", "mumbai shoot location"],
    highlights: [
      ["Film city", "Studios and locations close to the heart of Indian cinema."],
      ["Sea-facing", "Terraces along Marine Drive and the Bandra seafront."],
      ["Heritage bungalows", "Old Portuguese-era houses in Bandra and Chimbai."],
      ["Coming soon", "New hosts are joining: be among the first to book."],
    ],
    areas: [
      ["Bandra", "oldtown", 2, "Bungalows, street art and the sea link."],
      ["Marine Drive", "waterfront", 2, "The Queen's Necklace, lit up along the bay."],
      ["Colaba", "market", 2, "Causeway markets, galleries and colonial architecture."],
    ],
  }),
  city({
    slug: "barcelona",
    name: "Barcelona",
    country: "Spain",
    title: "Rent Terraces and Studios in Barcelona",
    description:
      "Modernista apartments in Eixample, rooftop terraces in El Born and studios in the old factories of Poblenou. Barcelona hosts rent sunny spaces for shoots and celebrations, priced in euros.",
    focus: "terraces, studios and event spaces",
    keywords: ["barcelona terrace rental", "barcelona photo studio", "poblenou event space"],
    highlights: [
      ["Rooftop terraces", "Sunny terraces with views of the Sagrada Família and the sea."],
      ["Modernista interiors", "Mosaic floors and curved balconies for unforgettable shoots."],
      ["Beach close", "Venues a short walk from Barceloneta."],
      ["Late dinners", "A city built for long evenings and big tables."],
    ],
    areas: [
      ["El Born", "oldtown", 1, "Medieval lanes, boutiques and hidden terraces."],
      ["Poblenou", "arts", 1, "Former factories turned into studios and tech hubs."],
      ["Barceloneta", "beach", 2, "The city beach, seafood restaurants and the promenade."],
    ],
  }),
  city({
    slug: "mexico-city",
    name: "Mexico City",
    country: "Mexico",
    title: "Rent Spaces in Mexico City",
    description:
      "Art Deco apartments in La Condesa, garden studios in Coyoacán and rooftops with views of the volcanoes. Mexico City's hosts rent colourful spaces for shoots, dinners and workshops.",
    focus: "studios, rooftops and garden venues",
    keywords: ["mexico city studio rental", "condesa rooftop", "cdmx event space"],
    highlights: [
      ["Colour everywhere", "Bold walls, tiles and gardens that look great on camera."],
      ["Rooftop evenings", "Terraces for dinners under the jacarandas."],
      ["Food culture", "Kitchens and hosts who know the city's best markets."],
      ["Creative scene", "Galleries and design studios in every neighbourhood."],
    ],
    areas: [
      ["La Condesa", "park", 1, "Art Deco buildings around leafy Parque México."],
      ["Coyoacán", "oldtown", 2, "Cobbled streets, plazas and Frida Kahlo's blue house."],
      ["Centro Histórico", "downtown", 2, "Colonial palaces around the Zócalo."],
    ],
  }),
  city({
    slug: "sao-paulo",
    name: "São Paulo",
    country: "Brazil",
    title: "Rent Spaces in São Paulo",
    description:
      "Brutalist landmarks, studios in Vila Madalena and rooftops above Avenida Paulista. São Paulo is South America's creative powerhouse, and new hosts are joining Rentwell here: check back soon.",
    focus: "studios, rooftops and event spaces",
    keywords: ["são paulo studio", "vila madalena event space", "sao paulo rooftop"],
    highlights: [
      ["Big-city scale", "Venues for everything from launches to festivals."],
      ["Street art", "The alleys of Vila Madalena as a backdrop."],
      ["Modernist icons", "Brutalist and modernist architecture for striking shoots."],
      ["Coming soon", "New hosts are joining: be among the first to book."],
    ],
    areas: [
      ["Vila Madalena", "arts", 1, "Murals, bars and creative studios."],
      ["Avenida Paulista", "downtown", 1, "The city's business spine, with museums and rooftops."],
      ["Ibirapuera", "park", 2, "The city's great park, with pavilions by Niemeyer."],
    ],
  }),
  city({
    slug: "bangkok",
    name: "Bangkok",
    country: "Thailand",
    title: "Rent Spaces in Bangkok",
    description:
      "Riverside shophouses, rooftop bars in Sathorn and cookery kitchens near the markets. Bangkok hosts rent lively, welcoming spaces and experiences across the city.",
    focus: "riverside venues, kitchens and experiences",
    keywords: ["bangkok event space", "bangkok cooking class", "bangkok rooftop venue"],
    highlights: [
      ["River life", "Venues and boats along the Chao Phraya."],
      ["Street food city", "Kitchens and classes close to the best markets."],
      ["Rooftops", "Sky-high terraces above Sathorn and Silom."],
      ["Warm welcome", "Hosts who go out of their way for their guests."],
    ],
    areas: [
      ["Riverside", "waterfront", 2, "Temples, hotels and ferries along the Chao Phraya."],
      ["Chinatown", "market", 1, "Yaowarat's night markets and shophouses."],
      ["Sukhumvit", "downtown", 2, "Malls, offices and nightlife along the Skytrain."],
    ],
  }),
  city({
    slug: "chicago",
    name: "Chicago",
    state: "IL",
    country: "United States",
    title: "Rent Spaces in Chicago",
    description:
      "Loop offices with lake views, commercial kitchens in the West Loop and lofts in old warehouses along the river. Chicago hosts rent hard-working spaces for teams, chefs and creators.",
    focus: "offices, commercial kitchens and lofts",
    keywords: ["chicago office rental", "chicago commercial kitchen", "west loop event space", "chicago loft"],
    highlights: [
      ["Architecture", "Spaces in landmark buildings from the Loop to River North."],
      ["Food capital", "Licensed kitchens for caterers, bakers and pop-ups."],
      ["On the lake", "Boats and venues on Lake Michigan in summer."],
      ["Easy transit", "Most spaces are steps from an 'L' station."],
    ],
    areas: [
      ["The Loop", "downtown", 1, "Offices and meeting rooms under the elevated tracks."],
      ["West Loop", "market", 2, "Restaurant row, kitchens and converted warehouses."],
      ["Lakefront", "waterfront", 1, "Harbors, beaches and the lakeside trail."],
    ],
  }),
  city({
    slug: "houston",
    name: "Houston",
    state: "TX",
    country: "United States",
    title: "Rent Venues and Equipment in Houston",
    description:
      "Event halls in Midtown, garden venues in the Heights and tools and vans for every project. Houston hosts rent spacious venues and equipment across one of America's biggest cities.",
    focus: "event venues, vans and power tools",
    keywords: ["houston event venue", "houston tool rental", "heights wedding venue"],
    highlights: [
      ["Room to spread out", "Big venues with parking, made for big celebrations."],
      ["Air-conditioned", "Indoor spaces that stay cool all summer."],
      ["Project-ready", "Tools and vans for moves, renovations and events."],
      ["Diverse city", "Venues for every tradition and every cuisine."],
    ],
    areas: [
      ["The Heights", "oldtown", 1, "Bungalows, antique shops and garden venues."],
      ["Midtown", "downtown", 2, "Event halls and rooftops near downtown."],
      ["Buffalo Bayou", "park", 1, "Trails and green space along the bayou."],
    ],
  }),
  city({
    slug: "phoenix",
    name: "Phoenix",
    state: "AZ",
    country: "United States",
    title: "Rent Spaces and Off-Road Gear in Phoenix",
    description:
      "Desert-light photo studios, downtown offices and ATVs ready for the trails outside the city. Phoenix hosts rent spaces and machines made for the Sonoran sun.",
    focus: "ATVs, photo studios and offices",
    keywords: ["phoenix atv rental", "phoenix photo studio", "phoenix office space"],
    highlights: [
      ["Desert trails", "ATVs and dirt bikes close to the best off-road routes."],
      ["Golden light", "Studios that make the most of Arizona sunshine."],
      ["Winter season", "Perfect weather for outdoor events from October to April."],
      ["Easy parking", "Spacious lots at almost every listing."],
    ],
    areas: [
      ["Roosevelt Row", "arts", 1, "Murals, galleries and First Friday art walks."],
      ["Camelback", "hills", 1, "Hiking trails and resort views."],
      ["Downtown Phoenix", "downtown", 1, "Offices, stadiums and the light rail."],
    ],
  }),
  city({
    slug: "philadelphia",
    name: "Philadelphia",
    state: "PA",
    country: "United States",
    title: "Rent Creative Spaces in Philadelphia",
    description:
      "Ceramics studios in Fishtown, test kitchens in South Philly and meeting rooms in Old City. Philadelphia hosts rent affordable, characterful spaces for makers and small teams.",
    focus: "art studios, kitchens and meeting rooms",
    keywords: ["philadelphia art studio", "philly commercial kitchen", "philadelphia meeting room"],
    highlights: [
      ["Maker city", "Shared studios with kilns, wheels and workbenches."],
      ["Historic setting", "Spaces in red-brick buildings near Independence Hall."],
      ["Great value", "Lower rates than New York, an hour and a half away."],
      ["Food culture", "Kitchens close to the Italian Market."],
    ],
    areas: [
      ["Fishtown", "arts", 2, "Breweries, studios and music venues."],
      ["Old City", "oldtown", 1, "Cobblestones and colonial history."],
      ["Italian Market", "market", 1, "America's oldest outdoor market."],
    ],
  }),
  city({
    slug: "san-antonio",
    name: "San Antonio",
    state: "TX",
    country: "United States",
    title: "Rent Venues and Experiences in San Antonio",
    description:
      "Courtyard venues near the River Walk, kayaks for the Mission Reach and tours through the city's history. San Antonio hosts rent warm, welcoming spaces and experiences.",
    focus: "event venues, kayaks and tours",
    keywords: ["san antonio event venue", "river walk venue", "san antonio kayak rental"],
    highlights: [
      ["River Walk", "Venues steps from the city's famous river."],
      ["History", "Missions and old Spanish architecture for memorable events."],
      ["Fiesta spirit", "Hosts who love a celebration."],
      ["Outdoors", "Paddling and cycling along the Mission Reach."],
    ],
    areas: [
      ["River Walk", "waterfront", 2, "Restaurants and venues along the river."],
      ["King William", "oldtown", 2, "Victorian mansions and galleries."],
      ["Pearl District", "market", 1, "A former brewery with a farmers market."],
    ],
  }),
  city({
    slug: "san-diego",
    name: "San Diego",
    state: "CA",
    country: "United States",
    title: "Rent Boats, Boards and Studios in San Diego",
    description:
      "Surfboards in Pacific Beach, sailboats on the bay and sunny photo studios in North Park. San Diego hosts rent everything for a perfect day on the water or a shoot in the sun.",
    focus: "boats, surfboards and photo studios",
    keywords: ["san diego boat rental", "pacific beach surfboard", "san diego photo studio"],
    highlights: [
      ["On the water", "Sailboats, kayaks and boards all year round."],
      ["Perfect weather", "Mild sunshine almost every day."],
      ["Beach towns", "Listings from La Jolla to Coronado."],
      ["Creative neighbourhoods", "Studios in North Park and Little Italy."],
    ],
    areas: [
      ["Pacific Beach", "beach", 1, "Surf, boardwalk and beach bars."],
      ["Gaslamp Quarter", "downtown", 2, "Victorian buildings, rooftops and nightlife."],
      ["Mission Bay", "waterfront", 1, "Calm water for paddling and sailing."],
    ],
  }),
  city({
    slug: "dallas",
    name: "Dallas",
    state: "TX",
    country: "United States",
    title: "Rent Spaces and Cars in Dallas",
    description:
      "Offices in Uptown, event venues in Deep Ellum and cars for the drive to Fort Worth. Dallas hosts rent polished spaces and vehicles for business and celebrations.",
    focus: "offices, event venues and cars",
    keywords: ["dallas office rental", "deep ellum venue", "dallas car rental"],
    highlights: [
      ["Business hub", "Meeting rooms and offices for teams of every size."],
      ["Live music", "Venues in Deep Ellum with sound systems built in."],
      ["Cars to match", "SUVs and sedans from local owners."],
      ["Big events", "Space for hundreds, with parking to match."],
    ],
    areas: [
      ["Deep Ellum", "arts", 1, "Murals, music venues and breweries."],
      ["Uptown", "downtown", 1, "Offices, restaurants and the Katy Trail."],
      ["Bishop Arts", "market", 2, "Independent shops and galleries."],
    ],
  }),
  city({
    slug: "san-jose",
    name: "San Jose",
    state: "CA",
    country: "United States",
    title: "Rent Spaces and Gear in San Jose",
    description:
      "Meeting rooms near the start-ups, camera gear for product launches and tools for weekend projects across Santa Clara County. San Jose hosts rent practical spaces and equipment for Silicon Valley.",
    focus: "meeting rooms, camera gear and tools",
    keywords: ["san jose meeting room", "santa clara county tool rental", "silicon valley camera rental"],
    highlights: [
      ["Silicon Valley", "Spaces for off-sites, demos and interviews."],
      ["Gear on demand", "Cameras, tools and garden machines for a day or a week."],
      ["County-wide", "Listings from San Jose across Santa Clara County."],
      ["Sunny weekends", "Great weather for outdoor projects."],
    ],
    areas: [
      ["Downtown San Jose", "downtown", 2, "Offices, the convention centre and SoFA."],
      ["Willow Glen", "park", 1, "Tree-lined streets and a village-like main street."],
      ["Santana Row", "market", 2, "Shops, restaurants and outdoor dining."],
    ],
  }),
  city({
    slug: "riverview",
    name: "Riverview",
    state: "FL",
    country: "United States",
    title: "Rent Tools, Gear and Spaces in Riverview, Florida",
    description:
      "Garden machines, power tools, kayaks for the Alafia River and a backyard venue or two. Riverview neighbours rent each other the things that make Florida weekends better.",
    focus: "garden machines, power tools and kayaks",
    keywords: ["riverview fl tool rental", "riverview kayak rental", "tampa bay equipment rental"],
    highlights: [
      ["Neighbour to neighbour", "Rent from people who live down the road."],
      ["On the river", "Kayaks and paddleboards for the Alafia River."],
      ["Yard ready", "Mowers, trimmers and tillers for the growing season."],
      ["Near Tampa", "Twenty minutes from downtown Tampa."],
    ],
    areas: [
      ["Alafia River", "waterfront", 1, "Calm water, manatees and riverside parks."],
      ["Summerfield", "park", 2, "Family neighbourhoods with parks and lakes."],
      ["Boyette", "hills", 2, "Quiet streets and big backyards."],
    ],
  }),
];
