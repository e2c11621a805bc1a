export const ARTISTS = [
  { name: "Clara Whitfield", slug: "clara-whitfield" },
  { name: "Jonah Reyes", slug: "jonah-reyes" },
  { name: "Priya Natarajan", slug: "priya-natarajan" },
  { name: "Theo Lindqvist", slug: "theo-lindqvist" },
  { name: "Amara Okafor", slug: "amara-okafor" },
  { name: "Sofia Marchetti", slug: "sofia-marchetti" },
  { name: "Kenji Mori", slug: "kenji-mori" },
] as const;

export const CATEGORIES = [
  { name: "Birthday", slug: "birthday" },
  { name: "Holiday", slug: "holiday" },
  { name: "Thank You", slug: "thank-you" },
  { name: "Sympathy", slug: "sympathy" },
  { name: "Anniversary", slug: "anniversary" },
  { name: "Congratulations", slug: "congratulations" },
  { name: "Everyday", slug: "everyday" },
] as const;

export const OCCASIONS = [
  { name: "Birthday", slug: "birthday" },
  { name: "Christmas", slug: "christmas" },
  { name: "Hanukkah", slug: "hanukkah" },
  { name: "New Year", slug: "new-year" },
  { name: "Valentine's Day", slug: "valentines-day" },
  { name: "Mother's Day", slug: "mothers-day" },
  { name: "Father's Day", slug: "fathers-day" },
  { name: "Thanksgiving", slug: "thanksgiving" },
  { name: "Anniversary", slug: "anniversary" },
  { name: "Graduation", slug: "graduation" },
  { name: "Wedding", slug: "wedding" },
  { name: "Baby", slug: "baby" },
  { name: "Get Well", slug: "get-well" },
  { name: "Sympathy", slug: "sympathy" },
  { name: "Thank You", slug: "thank-you" },
  { name: "Just Because", slug: "just-because" },
] as const;

export const CUSTOMIZATION_TYPES = ["Standard", "Photo card", "Custom message"] as const;

const PALETTES = {
  sunny: { background: "#FFF4D6", primary: "#F2A541", secondary: "#E4572E", accent: "#29A19C", ink: "#3D2C2E", surface: "#FFFDF6" },
  coral: { background: "#FFE8E0", primary: "#FF6F59", secondary: "#43AA8B", accent: "#254441", ink: "#254441", surface: "#FFF8F5" },
  blush: { background: "#FBE3E8", primary: "#E56B8B", secondary: "#F7B2BD", accent: "#8E4162", ink: "#5B2333", surface: "#FFF7F9" },
  midnight: { background: "#1D2545", primary: "#F4D35E", secondary: "#EE964B", accent: "#7FB7BE", ink: "#FDF6E3", surface: "#FFFBEF" },
  meadow: { background: "#EEF6E4", primary: "#E76F51", secondary: "#F4A261", accent: "#2A9D8F", ink: "#264653", surface: "#FBFDF7" },
  bauhaus: { background: "#F5F0E6", primary: "#E63946", secondary: "#1D3557", accent: "#F4A300", ink: "#1D3557", surface: "#FFFFFF" },
  festive: { background: "#B3272D", primary: "#2F5D50", secondary: "#F6E7CB", accent: "#E9B949", ink: "#FFF8EC", surface: "#FFF8EC" },
  evergreen: { background: "#1F4D3A", primary: "#C8553D", secondary: "#E9B949", accent: "#F2EFE6", ink: "#F7F3E8", surface: "#F7F3E8" },
  frost: { background: "#E8F1F8", primary: "#5B8DB8", secondary: "#A9CCE3", accent: "#1B3A5C", ink: "#1B3A5C", surface: "#FFFFFF" },
  royal: { background: "#16306B", primary: "#F2C94C", secondary: "#7DA7E8", accent: "#FFFFFF", ink: "#F5F7FF", surface: "#F5F7FF" },
  autumn: { background: "#FBEBD4", primary: "#C8553D", secondary: "#E09F3E", accent: "#7A4419", ink: "#4A2C17", surface: "#FFF8EE" },
  ocean: { background: "#E3F2F3", primary: "#2E86AB", secondary: "#7FC8D6", accent: "#F6AE2D", ink: "#12355B", surface: "#F7FCFC" },
  mint: { background: "#E3F5EC", primary: "#3BB27F", secondary: "#F28C8C", accent: "#2C6E63", ink: "#1F4A43", surface: "#FAFFFC" },
  mustard: { background: "#F7E3AF", primary: "#D1495B", secondary: "#00798C", accent: "#30638E", ink: "#2B2D42", surface: "#FFF9E8" },
  slate: { background: "#E7EAEE", primary: "#7D8CA3", secondary: "#B8C4D6", accent: "#E8C07D", ink: "#2D3748", surface: "#F8FAFC" },
  sage: { background: "#E8EFE4", primary: "#87A878", secondary: "#C9D8B6", accent: "#5B7553", ink: "#33443A", surface: "#FAFCF8" },
  dusk: { background: "#3A3556", primary: "#F0C987", secondary: "#9D8DF1", accent: "#E6E1F9", ink: "#F4F1FF", surface: "#FBF9FF" },
  gold: { background: "#FAF3E3", primary: "#C9A227", secondary: "#E8D8A8", accent: "#8C6D1F", ink: "#4B3B12", surface: "#FFFDF7" },
  crimson: { background: "#FCE8E6", primary: "#C62E44", secondary: "#F49CA5", accent: "#7B1E2B", ink: "#5E1720", surface: "#FFFAF9" },
  graduate: { background: "#14213D", primary: "#FCA311", secondary: "#E5E5E5", accent: "#FFFFFF", ink: "#FFFFFF", surface: "#FFFFFF" },
  babyBlue: { background: "#E6F2FB", primary: "#F9D56E", secondary: "#8CC0E8", accent: "#4F7CAC", ink: "#2E4A6B", surface: "#FFFFFF" },
  babyPink: { background: "#FDEEF3", primary: "#F4A7B9", secondary: "#FFD6A5", accent: "#B5838D", ink: "#6D4C57", surface: "#FFFFFF" },
  lavender: { background: "#EFE9F7", primary: "#9B7EDE", secondary: "#F6C6EA", accent: "#5E4B8B", ink: "#3E2F5B", surface: "#FCFAFF" },
  forest: { background: "#E4ECE4", primary: "#2D6A4F", secondary: "#95D5B2", accent: "#D68C45", ink: "#1B4332", surface: "#F6FAF7" },
};

type PaletteName = keyof typeof PALETTES;
type ArtistSlug = (typeof ARTISTS)[number]["slug"];
type CategorySlug = (typeof CATEGORIES)[number]["slug"];
type OccasionSlug = (typeof OCCASIONS)[number]["slug"];
type CustomizationName = (typeof CUSTOMIZATION_TYPES)[number];

export type CatalogCard = {
  slug: string;
  name: string;
  description: string;
  priceCents: number;
  isVertical: boolean;
  isBox: boolean;
  isPostcard: boolean;
  isActive: boolean;
  artist: ArtistSlug;
  customization: CustomizationName;
  categories: CategorySlug[];
  occasions: OccasionSlug[];
  tags: string[];
  artwork: CatalogArtwork;
};

/**
 * The artwork's motif and typeface are names the renderer (lib/cards/artwork/) knows; the
 * database layer does not import it, so the names the catalog uses stay literal types here and
 * lib/demo/seed.test.ts checks at compile time that every card's artwork is one it can draw.
 */
export type CatalogArtwork = {
  motif: CatalogMotif;
  palette: (typeof PALETTES)[PaletteName];
  headline: string;
  subline?: string;
  greeting: string;
  typeface: CatalogTypeface | "serif";
};

type CardSpec<Motif extends string = string, Typeface extends string = string> = {
  slug: string;
  name: string;
  blurb: string;
  price: number;
  artist: ArtistSlug;
  categories: CategorySlug[];
  occasions: OccasionSlug[];
  tags: string[];
  motif: Motif;
  palette: PaletteName;
  headline: string;
  subline?: string;
  greeting: string;
  typeface?: Typeface;
  landscape?: boolean;
  postcard?: boolean;
  box?: boolean;
  retired?: boolean;
  customization?: CustomizationName;
};

/** Infers the union of the motif and typeface names used, for `CatalogArtwork`. */
function cardSpecs<Motif extends string, Typeface extends string>(specs: CardSpec<Motif, Typeface>[]): CardSpec<Motif, Typeface>[] {
  return specs;
}

const SPECS = cardSpecs([
  // Birthday
  { slug: "balloon-bouquet-birthday", name: "Balloon Bouquet", blurb: "A cheerful bunch of balloons tied with a ribbon, for anyone who deserves a proper celebration.", price: 399, artist: "clara-whitfield", categories: ["birthday"], occasions: ["birthday"], tags: ["balloons", "colorful", "party", "kids"], motif: "balloons", palette: "sunny", headline: "Happy Birthday", greeting: "Wishing you a day as bright and cheerful as you are." },
  { slug: "confetti-pop-birthday", name: "Confetti Pop", blurb: "Bright confetti bursting around a bold greeting.", price: 349, artist: "jonah-reyes", categories: ["birthday"], occasions: ["birthday"], tags: ["confetti", "bold", "fun"], motif: "confetti", palette: "coral", headline: "Happy Birthday!", typeface: "sans", greeting: "Here's to another year of adventures, laughter and cake." },
  { slug: "make-a-wish-birthday", name: "Make a Wish", blurb: "A two-tier cake, candles lit and ready for the big wish.", price: 449, artist: "sofia-marchetti", categories: ["birthday"], occasions: ["birthday"], tags: ["cake", "candles", "sweet"], motif: "cake", palette: "blush", headline: "Make a Wish", subline: "Happy Birthday", typeface: "script", greeting: "May all your birthday wishes come true." },
  { slug: "birthday-under-the-stars", name: "Birthday Under the Stars", blurb: "A night sky full of stars for a birthday that shines.", price: 399, artist: "kenji-mori", categories: ["birthday"], occasions: ["birthday"], tags: ["stars", "night", "elegant"], motif: "stars", palette: "midnight", headline: "Happy Birthday", subline: "Shine bright", greeting: "May this year be full of wonder and wishes granted.", landscape: true },
  { slug: "wildflower-birthday", name: "Wildflower Birthday", blurb: "Hand-drawn wildflowers for a fresh, garden-party feeling.", price: 499, artist: "priya-natarajan", categories: ["birthday"], occasions: ["birthday", "mothers-day"], tags: ["flowers", "botanical", "spring"], motif: "flowers", palette: "meadow", headline: "Happy Birthday", greeting: "Another year more wonderful. Enjoy every moment of your day." },
  { slug: "bold-birthday", name: "Bold Birthday", blurb: "Mid-century shapes in primary colors, for the design lover.", price: 349, artist: "theo-lindqvist", categories: ["birthday"], occasions: ["birthday"], tags: ["geometric", "modern", "minimal"], motif: "geometric", palette: "bauhaus", headline: "Happy Birthday", typeface: "sans", greeting: "Have a brilliant birthday and a fantastic year ahead.", landscape: true },
  { slug: "trip-around-the-sun", name: "Another Trip Around the Sun", blurb: "Mountain peaks and a warm sun for the adventurer in your life.", price: 399, artist: "amara-okafor", categories: ["birthday"], occasions: ["birthday"], tags: ["mountains", "outdoors", "adventure"], motif: "mountains", palette: "forest", headline: "Another Trip Around the Sun", greeting: "Happy birthday! May the year ahead bring new trails and great views." },
  { slug: "milestone-cheers-box", name: "Milestone Cheers (Box of 10)", blurb: "A box of ten celebratory cards with fireworks over a midnight sky, for milestone birthdays at the office.", price: 699, artist: "jonah-reyes", categories: ["birthday", "congratulations"], occasions: ["birthday"], tags: ["fireworks", "milestone", "box set"], motif: "fireworks", palette: "midnight", headline: "Cheers to You!", greeting: "Here's to you and to everything still to come.", box: true },
  { slug: "confetti-birthday-postcard", name: "Confetti Birthday Postcard", blurb: "Striped and polka-dot party hats under curly streamers: a quick, cheerful postcard.", price: 299, artist: "clara-whitfield", categories: ["birthday"], occasions: ["birthday"], tags: ["party hats", "streamers", "postcard", "colorful"], motif: "partyhats", palette: "sunny", headline: "Happy Birthday", typeface: "sans", greeting: "Happy birthday! Hope your day is full of good things.", landscape: true, postcard: true },
  { slug: "belated-birthday-waves", name: "Belated Birthday", blurb: "Gentle waves for a birthday wish that arrives fashionably late.", price: 349, artist: "kenji-mori", categories: ["birthday"], occasions: ["birthday"], tags: ["belated", "ocean", "calm"], motif: "waves", palette: "ocean", headline: "Happy Belated Birthday", greeting: "Better late than never: hope your birthday was wonderful!" },

  // Holiday
  { slug: "merry-and-bright", name: "Merry & Bright", blurb: "Shiny baubles on a classic holiday red.", price: 449, artist: "sofia-marchetti", categories: ["holiday"], occasions: ["christmas"], tags: ["ornaments", "christmas", "classic"], motif: "ornaments", palette: "festive", headline: "Merry & Bright", subline: "Happy Holidays", greeting: "Wishing you peace, joy and warmth this holiday season." },
  { slug: "snowfall-greetings", name: "Snowfall Greetings", blurb: "Hand-drawn snowflakes drifting across a pale winter sky.", price: 399, artist: "theo-lindqvist", categories: ["holiday"], occasions: ["christmas", "new-year"], tags: ["snowflakes", "winter", "season's greetings"], motif: "snowflakes", palette: "frost", headline: "Season's Greetings", greeting: "Warm wishes for a peaceful holiday and a happy new year.", landscape: true },
  { slug: "peace-on-earth", name: "Peace on Earth", blurb: "A white dove carries an olive sprig over snowy hills at night, for a quiet holiday message.", price: 399, artist: "amara-okafor", categories: ["holiday"], occasions: ["christmas"], tags: ["dove", "peace", "night"], motif: "dove", palette: "royal", headline: "Peace on Earth", typeface: "script", greeting: "May the season bring you peace and the new year bring you joy." },
  { slug: "festival-of-lights", name: "Festival of Lights", blurb: "A glowing menorah with all nine candles lit.", price: 449, artist: "priya-natarajan", categories: ["holiday"], occasions: ["hanukkah"], tags: ["menorah", "hanukkah", "candles"], motif: "menorah", palette: "royal", headline: "Happy Hanukkah", greeting: "Wishing you eight bright nights of light, love and latkes." },
  { slug: "eight-bright-nights", name: "Eight Bright Nights", blurb: "Spinning dreidels and chocolate gelt in blue and gold for a contemporary Hanukkah greeting.", price: 399, artist: "theo-lindqvist", categories: ["holiday"], occasions: ["hanukkah"], tags: ["hanukkah", "dreidel", "modern"], motif: "dreidels", palette: "frost", headline: "Eight Bright Nights", typeface: "sans", greeting: "Happy Hanukkah to you and all of your family.", landscape: true },
  { slug: "new-year-sparkle", name: "New Year Sparkle", blurb: "The clock strikes midnight as two glasses of champagne clink to ring in the new year.", price: 399, artist: "jonah-reyes", categories: ["holiday"], occasions: ["new-year"], tags: ["champagne", "new year", "celebration"], motif: "toast", palette: "midnight", headline: "Happy New Year", greeting: "Cheers to a new year full of fresh starts and good company.", landscape: true },
  { slug: "warm-winter-wishes-postcard", name: "Warm Winter Wishes Postcard", blurb: "Knitted mittens and a steaming mug of cocoa on a cozy postcard for quick holiday hellos.", price: 299, artist: "kenji-mori", categories: ["holiday"], occasions: ["christmas", "new-year"], tags: ["cocoa", "mittens", "postcard", "winter"], motif: "cocoa", palette: "frost", headline: "Warm Winter Wishes", greeting: "Stay cozy! Thinking of you this winter.", landscape: true, postcard: true },
  { slug: "harvest-thanks", name: "Harvest Thanks", blurb: "Falling autumn leaves in rust and gold.", price: 399, artist: "clara-whitfield", categories: ["holiday", "thank-you"], occasions: ["thanksgiving"], tags: ["leaves", "autumn", "thanksgiving"], motif: "leaves", palette: "autumn", headline: "Happy Thanksgiving", greeting: "Grateful for you this Thanksgiving and always." },
  { slug: "holiday-ornaments-box", name: "Holiday Ornaments (Box of 10)", blurb: "Ten holiday cards with a decorated tree, a gold star on top, ready for your whole list.", price: 699, artist: "sofia-marchetti", categories: ["holiday"], occasions: ["christmas"], tags: ["christmas tree", "ornaments", "box set", "christmas"], motif: "tree", palette: "evergreen", headline: "Happy Holidays", greeting: "Wishing you a joyful holiday season and a wonderful new year.", box: true },
  { slug: "be-mine-hearts", name: "Be Mine", blurb: "A big, bold heart surrounded by little ones.", price: 399, artist: "amara-okafor", categories: ["holiday", "anniversary"], occasions: ["valentines-day"], tags: ["hearts", "love", "valentine"], motif: "hearts", palette: "crimson", headline: "Be Mine", typeface: "script", greeting: "You make every day feel like Valentine's Day." },
  { slug: "bloom-mothers-day", name: "In Full Bloom", blurb: "Full pink peonies in a plum vase for the one who helped you grow.", price: 449, artist: "priya-natarajan", categories: ["holiday"], occasions: ["mothers-day"], tags: ["peonies", "mom", "pastel"], motif: "peonies", palette: "blush", headline: "Happy Mother's Day", greeting: "Thank you for your endless love, patience and support.", customization: "Custom message" },
  { slug: "legendary-dad", name: "Legendary Dad", blurb: "A sharp suit and a striped necktie for a dad with timeless style.", price: 449, artist: "jonah-reyes", categories: ["holiday"], occasions: ["fathers-day"], tags: ["necktie", "dad", "classic"], motif: "necktie", palette: "forest", headline: "Happy Father's Day", greeting: "To the one who taught me to aim high. Happy Father's Day!", landscape: true },

  // Thank you
  { slug: "thank-you-blooms", name: "Thank You Blooms", blurb: "Pink tulips in a clear glass vase to say thanks with feeling.", price: 349, artist: "priya-natarajan", categories: ["thank-you"], occasions: ["thank-you"], tags: ["tulips", "flowers", "thanks"], motif: "tulips", palette: "mint", headline: "Thank You", typeface: "script", greeting: "Your kindness means more than words can say." },
  { slug: "grateful-tide", name: "Grateful Tide", blurb: "A little sailboat on still water at sunset for a calm, sincere thank you.", price: 349, artist: "kenji-mori", categories: ["thank-you"], occasions: ["thank-you"], tags: ["sailboat", "sunset", "thanks"], motif: "sailboat", palette: "ocean", headline: "Thank You So Much", greeting: "Thank you for everything you do. It does not go unnoticed.", landscape: true },
  { slug: "many-thanks-geometric", name: "Many Thanks", blurb: "A gift box in crisp geometric planes, tied with a bow, for a modern thank-you note.", price: 400, artist: "theo-lindqvist", categories: ["thank-you"], occasions: ["thank-you"], tags: ["gift", "geometric", "modern", "business"], motif: "giftbox", palette: "mustard", headline: "Many Thanks", typeface: "sans", greeting: "Thank you for being such a great part of the team.", customization: "Custom message" },
  { slug: "thanks-a-bunch-confetti", name: "Thanks a Bunch", blurb: "Strings of bright pennant flags for an enthusiastic thank you.", price: 349, artist: "clara-whitfield", categories: ["thank-you"], occasions: ["thank-you"], tags: ["bunting", "fun", "thanks"], motif: "bunting", palette: "mint", headline: "Thanks a Bunch!", typeface: "sans", greeting: "You made my day. Thank you!" },
  { slug: "heartfelt-thanks", name: "Heartfelt Thanks", blurb: "Two open hands holding up a heart, for thanks that come straight from the heart.", price: 399, artist: "amara-okafor", categories: ["thank-you"], occasions: ["thank-you", "just-because"], tags: ["hands", "heart", "gratitude"], motif: "handheart", palette: "blush", headline: "With Heartfelt Thanks", greeting: "I am so grateful for you and your generosity." },
  { slug: "gold-star-thanks", name: "Gold Star Thanks", blurb: "A gold star rosette in a laurel wreath for teachers, coaches and mentors.", price: 349, artist: "sofia-marchetti", categories: ["thank-you"], occasions: ["thank-you", "graduation"], tags: ["rosette", "star", "teacher", "gold"], motif: "rosette", palette: "gold", headline: "You're a Star", greeting: "Thank you for your guidance, your patience and your belief in me." },

  // Sympathy and get well
  { slug: "quiet-tide-sympathy", name: "Quiet Tide", blurb: "A lone heron standing in a still lake among the reeds, for times when words are hard.", price: 449, artist: "kenji-mori", categories: ["sympathy"], occasions: ["sympathy"], tags: ["sympathy", "calm", "heron", "lake"], motif: "heron", palette: "slate", headline: "With Deepest Sympathy", greeting: "Holding you close in thought during this difficult time." },
  { slug: "gentle-leaves-sympathy", name: "Gentle Leaves", blurb: "A weeping willow in soft sage: a gentle way to say you care.", price: 399, artist: "priya-natarajan", categories: ["sympathy"], occasions: ["sympathy"], tags: ["sympathy", "willow", "tree", "botanical"], motif: "willow", palette: "sage", headline: "Thinking of You", typeface: "script", greeting: "Sending love and strength to you and your family." },
  { slug: "in-loving-memory", name: "In Loving Memory", blurb: "A crescent moon and quiet stars to honor someone dear.", price: 449, artist: "amara-okafor", categories: ["sympathy"], occasions: ["sympathy"], tags: ["memorial", "moon", "stars"], motif: "moon", palette: "dusk", headline: "In Loving Memory", greeting: "May cherished memories bring you comfort and peace." },
  { slug: "feel-better-soon", name: "Feel Better Soon", blurb: "A steaming cup of lemon tea and a peek of sunshine to brighten a sick day.", price: 349, artist: "clara-whitfield", categories: ["everyday"], occasions: ["get-well"], tags: ["get well", "tea", "cheerful"], motif: "teacup", palette: "sunny", headline: "Get Well Soon", greeting: "Sending sunshine and wishes for a speedy recovery." },

  // Anniversary and wedding
  { slug: "two-rings-anniversary", name: "Two Rings", blurb: "Interlocking golden rings for a lasting love.", price: 499, artist: "sofia-marchetti", categories: ["anniversary"], occasions: ["anniversary"], tags: ["rings", "gold", "elegant"], motif: "rings", palette: "gold", headline: "Happy Anniversary", typeface: "script", greeting: "Here's to your love story and many more chapters together." },
  { slug: "still-crazy-about-you", name: "Still Crazy About You", blurb: "Two lovebirds on a blossoming branch with a little heart between them, for the one you still adore.", price: 449, artist: "jonah-reyes", categories: ["anniversary"], occasions: ["anniversary", "valentines-day"], tags: ["lovebirds", "love", "romantic"], motif: "lovebirds", palette: "crimson", headline: "Happy Anniversary", subline: "Still crazy about you", greeting: "Every year with you is my favorite one yet." },
  { slug: "wedding-day-rings", name: "Wedding Day", blurb: "Golden wedding bells tied with a pink ribbon bow, for the happy couple.", price: 549, artist: "priya-natarajan", categories: ["congratulations", "anniversary"], occasions: ["wedding"], tags: ["wedding", "bells", "blush"], motif: "bells", palette: "blush", headline: "Happily Ever After", subline: "Congratulations", typeface: "script", greeting: "Congratulations on your wedding! Wishing you a lifetime of love." },
  { slug: "written-in-the-stars", name: "Written in the Stars", blurb: "A heart drawn in the stars of a dusk sky, for a love that was meant to be.", price: 499, artist: "kenji-mori", categories: ["anniversary"], occasions: ["anniversary", "wedding"], tags: ["constellation", "stars", "romantic", "night"], motif: "constellation", palette: "dusk", headline: "Written in the Stars", greeting: "Happy anniversary to a love that was always meant to be.", landscape: true },

  // Congratulations
  { slug: "hats-off-graduation", name: "Hats Off", blurb: "A mortarboard and diploma for the new graduate.", price: 449, artist: "theo-lindqvist", categories: ["congratulations"], occasions: ["graduation"], tags: ["graduation", "grad", "achievement"], motif: "gradcap", palette: "graduate", headline: "Congrats, Grad!", typeface: "sans", greeting: "All that hard work paid off. The future is yours!" },
  { slug: "big-news-fireworks", name: "Big News", blurb: "A party popper bursting with streamers, for promotions, new homes and every big moment.", price: 399, artist: "jonah-reyes", categories: ["congratulations"], occasions: ["graduation", "just-because"], tags: ["party popper", "celebration", "congrats"], motif: "popper", palette: "bauhaus", headline: "Congratulations!", subline: "Cheers to your big news", greeting: "So proud of you. Here's to this big moment!" },
  { slug: "hello-little-one", name: "Hello, Little One", blurb: "A baby carriage under a sleepy little cloud to welcome a new baby.", price: 449, artist: "amara-okafor", categories: ["congratulations"], occasions: ["baby"], tags: ["baby", "pram", "nursery"], motif: "pram", palette: "babyBlue", headline: "Welcome, Little One", greeting: "Congratulations on your beautiful new arrival!", customization: "Photo card" },
  { slug: "twinkle-twinkle-baby", name: "Twinkle Twinkle", blurb: "A crib mobile of soft pink stars, a heart and a sleepy moon for a brand-new baby.", price: 399, artist: "clara-whitfield", categories: ["congratulations"], occasions: ["baby"], tags: ["baby", "mobile", "stars", "pastel"], motif: "mobile", palette: "babyPink", headline: "Welcome Baby", typeface: "script", greeting: "Wishing your family all the joy a little one brings.", landscape: true, customization: "Photo card" },
  { slug: "new-heights", name: "New Heights", blurb: "A hot-air balloon rising above the clouds, for a new job, a promotion or a big move.", price: 399, artist: "theo-lindqvist", categories: ["congratulations"], occasions: ["just-because"], tags: ["new job", "hot-air balloon", "success"], motif: "hotair", palette: "frost", headline: "On to New Heights", greeting: "Congratulations on your new adventure. You've earned it!" },

  // Everyday
  { slug: "hello-there", name: "Hello There", blurb: "A cheerful little house with a tiled roof and window boxes, for a just-because hello.", price: 299, artist: "theo-lindqvist", categories: ["everyday"], occasions: ["just-because"], tags: ["hello", "house", "colorful"], motif: "cottage", palette: "coral", headline: "Hello There", typeface: "sans", greeting: "Just wanted to say hi and that I'm thinking of you.", landscape: true },
  { slug: "thinking-of-you-lavender", name: "Thinking of You", blurb: "A bundle of lavender sprigs tied with twine, for a thoughtful note.", price: 349, artist: "priya-natarajan", categories: ["everyday"], occasions: ["just-because", "get-well"], tags: ["lavender", "botanical", "thoughtful"], motif: "lavender", palette: "lavender", headline: "Thinking of You", typeface: "script", greeting: "Sending a little love your way today." },
  { slug: "miss-you-postcard", name: "Miss You Postcard", blurb: "A sunny beach with a palm tree and a striped umbrella: a postcard for friends far away.", price: 299, artist: "kenji-mori", categories: ["everyday"], occasions: ["just-because"], tags: ["postcard", "beach", "friendship"], motif: "beach", palette: "ocean", headline: "Miss You Already", greeting: "Wish you were here! Let's catch up soon.", landscape: true, postcard: true },
  { slug: "you-are-loved", name: "You Are Loved", blurb: "A love letter sealed with a heart, and hearts floating up from it.", price: 349, artist: "amara-okafor", categories: ["everyday"], occasions: ["just-because", "valentines-day"], tags: ["love letter", "hearts", "encouragement"], motif: "loveletter", palette: "babyPink", headline: "You Are Loved", typeface: "script", greeting: "Just a reminder of how much you mean to me." },

  // Retired designs: kept so old projects and orders still show their artwork.
  { slug: "retro-birthday-burst", name: "Retro Birthday Burst", blurb: "A seventies sunburst of rays and stripes in orange and brown.", price: 299, artist: "jonah-reyes", categories: ["birthday"], occasions: ["birthday"], tags: ["retro", "sunburst"], motif: "sunburst", palette: "autumn", headline: "Happy Birthday", typeface: "sans", greeting: "Have a groovy birthday!", retired: true },
  { slug: "classic-holiday-plaid", name: "Classic Holiday Plaid", blurb: "A red and green tartan plaid from an earlier holiday collection.", price: 399, artist: "sofia-marchetti", categories: ["holiday"], occasions: ["christmas"], tags: ["plaid", "tartan", "classic"], motif: "plaid", palette: "festive", headline: "Season's Greetings", greeting: "Warmest wishes this holiday season.", landscape: true, retired: true },
  { slug: "pumpkin-spice-thanks", name: "Pumpkin Spice Thanks", blurb: "A trio of pumpkins under falling leaves, from last fall's collection.", price: 349, artist: "clara-whitfield", categories: ["thank-you"], occasions: ["thanksgiving", "thank-you"], tags: ["autumn", "pumpkins"], motif: "pumpkins", palette: "autumn", headline: "Thanks So Much", typeface: "script", greeting: "Thank you for being you.", retired: true },
  { slug: "spring-fling", name: "Spring Fling", blurb: "Butterflies over the spring grass, from a retired collection.", price: 349, artist: "priya-natarajan", categories: ["everyday"], occasions: ["just-because"], tags: ["spring", "butterflies"], motif: "butterflies", palette: "mint", headline: "Hello Spring", greeting: "Hope spring brings you sunshine.", retired: true },
]);

type CatalogMotif = (typeof SPECS)[number]["motif"];
type CatalogTypeface = NonNullable<(typeof SPECS)[number]["typeface"]>;

function formatLine(spec: CardSpec): string {
  if (spec.box) return "Ten 5 x 7 folded cards with envelopes, printed on heavy matte stock.";
  if (spec.postcard) return "A 6 x 4 postcard on thick coated stock; mailed without an envelope.";
  return `A ${spec.landscape ? "7 x 5" : "5 x 7"} folded card on heavy matte stock, with a white envelope.`;
}

export const CATALOG: CatalogCard[] = SPECS.map((spec) => ({
  slug: spec.slug,
  name: spec.name,
  description: `${spec.blurb} ${formatLine(spec)}`,
  priceCents: spec.price,
  isVertical: !spec.landscape,
  isBox: !!spec.box,
  isPostcard: !!spec.postcard,
  isActive: !spec.retired,
  artist: spec.artist,
  customization: spec.customization ?? "Standard",
  categories: spec.categories,
  occasions: spec.occasions,
  tags: spec.tags,
  artwork: {
    motif: spec.motif,
    palette: PALETTES[spec.palette],
    headline: spec.headline,
    ...(spec.subline ? { subline: spec.subline } : {}),
    greeting: spec.greeting,
    typeface: spec.typeface ?? "serif",
  },
}));
