import type { CollectionType, Locale, PublicProfilePatch } from '@memoria/domain';
import type { PlanName } from '../modules/users/plans.js';

/**
 * The demo world `memoria-admin seed` writes: people in every language, their
 * connections, follows and favourites, collections of every audience and memos with
 * rich text, checklists, tags, places and dates. Descriptions may name people as
 * `@[key]` (a mention) and tags as `#[word]` (a hashtag link); seed.ts turns them into the
 * editor's HTML.
 */

export type PersonKey = 'emma' | 'lucas' | 'camille' | 'jonas' | 'sofia' | 'oksana' | 'piotr';

export interface SeedPerson {
  key: PersonKey;
  usermail: string;
  name: string;
  locale: Locale;
  country: string;
  plan: PlanName;
  /** the name on the identity document: marks the identity verified */
  officialName?: string;
  profile: {
    function: string;
    organization_name?: string;
    location: string;
    description: string;
  };
  /**
   * A public profile, listed under Discover › People: seed.ts turns it on with these
   * settings through POST /api/user/profile/public (docs/API.md, Calls: Profile).
   */
  public?: PublicProfilePatch & { slug: string };
}

export const DEMO_USERMAIL = 'demo@memoria.local';

export const PEOPLE: readonly SeedPerson[] = [
  {
    key: 'emma',
    usermail: DEMO_USERMAIL,
    name: 'Emma Janssens',
    locale: 'en',
    country: 'BE',
    plan: 'silver',
    profile: {
      function: 'Product designer',
      organization_name: 'Studio Noord',
      location: 'Ghent, Belgium',
      description: 'Designer in Ghent. Travel plans, recipes and reading lists live here.',
    },
    public: {
      slug: 'emmajanssens',
      description: 'Product designer in Ghent: travel plans, recipes and reading lists.',
      website: 'studionoord.example',
      linkedin: 'https://www.linkedin.com/in/emma-janssens-demo',
      accent_color: '#0b7285',
      cta_button_title: 'Plan a workshop',
      cta_button_url: 'https://studionoord.example/workshop',
      cta_button_color: '#0b7285',
      cta_button_font_color: '#ffffff',
    },
  },
  {
    key: 'lucas',
    usermail: 'lucas.peeters@memoria.local',
    name: 'Lucas Peeters',
    locale: 'nl',
    country: 'BE',
    plan: 'bronze',
    officialName: 'Lucas Jan Peeters',
    profile: {
      function: 'Architect',
      organization_name: 'Peeters Architecten',
      location: 'Antwerpen',
      description: 'Architect en hobbytuinier. Ik deel hier mijn verbouwing en de moestuin.',
    },
  },
  {
    key: 'camille',
    usermail: 'camille.dubois@memoria.local',
    name: 'Camille Dubois',
    locale: 'fr_be',
    country: 'BE',
    plan: 'free',
    profile: {
      function: 'Illustratrice',
      location: 'Bruxelles',
      description: 'Je dessine Bruxelles, ses fresques et ses marchés.',
    },
    // free: the basic public profile (an accent colour and a button need a subscription)
    public: {
      slug: 'camilledessine',
      website: 'camille-dessine.example',
    },
  },
  {
    key: 'jonas',
    usermail: 'jonas.weber@memoria.local',
    name: 'Jonas Weber',
    locale: 'de',
    country: 'DE',
    plan: 'free',
    profile: {
      function: 'Fotograf',
      location: 'Berlin',
      description: 'Ich fotografiere Berlin am liebsten früh am Morgen.',
    },
  },
  {
    key: 'sofia',
    usermail: 'sofia.garcia@memoria.local',
    name: 'Sofía García',
    locale: 'es',
    country: 'ES',
    plan: 'bronze',
    profile: {
      function: 'Entrenadora de running',
      organization_name: 'Club Retiro Runners',
      location: 'Madrid',
      description: 'Rutas, planes de entrenamiento y consejos para correr en Madrid.',
    },
    public: {
      slug: 'sofiaruns',
      accent_color: '#e8590c',
      address: 'Parque del Retiro, Madrid',
      connection_message_required: true,
      connection_message_hint: 'Cuéntame a qué ritmo corres.',
    },
  },
  {
    key: 'oksana',
    usermail: 'oksana.kovalenko@memoria.local',
    name: 'Oksana Kovalenko',
    locale: 'uk',
    country: 'UA',
    plan: 'free',
    profile: {
      function: 'Перекладачка',
      location: 'Львів',
      description: 'Перекладаю книжки та збираю найкращі кав’ярні Львова.',
    },
  },
  {
    key: 'piotr',
    usermail: 'piotr.nowak@memoria.local',
    name: 'Piotr Nowak',
    locale: 'pl',
    country: 'PL',
    plan: 'free',
    profile: {
      function: 'Przewodnik miejski',
      location: 'Kraków',
      description: 'Oprowadzam po Krakowie i dzielę się trasami spacerów.',
    },
    // free: the basic public profile (an accent colour needs a subscription)
    public: {
      slug: 'piotrkrakow',
      phone: '+48123456789',
    },
  },
];

/** Requests by email that the receiver accepts, and connections through a QR link. */
export const CONNECTIONS: ReadonlyArray<{
  from: PersonKey;
  to: PersonKey;
  how: 'email' | 'qr';
  message?: string;
}> = [
  { from: 'emma', to: 'lucas', how: 'email', message: 'Hi Lucas, let’s keep the plans here.' },
  { from: 'camille', to: 'emma', how: 'qr' },
  { from: 'emma', to: 'jonas', how: 'email', message: 'Great to meet you in Berlin!' },
  { from: 'lucas', to: 'camille', how: 'email' },
  { from: 'oksana', to: 'lucas', how: 'email', message: 'Привіт, Лукасе! Це Оксана з курсу.' },
  { from: 'jonas', to: 'lucas', how: 'qr' },
];

/** Requests left waiting: the demo account has one to answer and one sent. */
export const PENDING: ReadonlyArray<{ from: PersonKey; to: PersonKey; message: string }> = [
  {
    from: 'oksana',
    to: 'emma',
    message: 'Hi Emma, Lucas told me about your travel journal. Shall we connect?',
  },
  { from: 'emma', to: 'piotr', message: 'Hi Piotr, thank you for the Kraków tour!' },
];

export const FOLLOWS: ReadonlyArray<{ follower: PersonKey; following: PersonKey }> = [
  { follower: 'sofia', following: 'emma' },
  { follower: 'piotr', following: 'emma' },
  { follower: 'jonas', following: 'emma' },
  { follower: 'emma', following: 'sofia' },
  { follower: 'emma', following: 'piotr' },
  { follower: 'camille', following: 'sofia' },
];

export interface SeedCollection {
  key: string;
  owner: PersonKey;
  name: string;
  description: string;
  type: CollectionType;
  /** selected_contacts: the people who may read it */
  selected?: PersonKey[];
  /** its readers may add memos (and tick checklists) */
  collaboration?: boolean;
  group?: string;
}

export const COLLECTIONS: readonly SeedCollection[] = [
  {
    key: 'personal',
    owner: 'emma',
    name: 'Personal notes',
    description: 'Ideas, lists and reminders only I can see.',
    type: 'private',
    group: 'Me',
  },
  {
    key: 'ardennes',
    owner: 'emma',
    name: 'Family weekend in the Ardennes',
    description: 'Packing, hikes and meals for the long weekend. Everyone can add and tick.',
    type: 'selected_contacts',
    selected: ['lucas', 'camille'],
    collaboration: true,
    group: 'Trips',
  },
  {
    key: 'paperwork',
    owner: 'emma',
    name: 'Apartment paperwork',
    description: 'Lease, insurance and energy contracts, shared with verified contacts only.',
    type: 'identified_contacts',
    group: 'Home',
  },
  {
    key: 'books',
    owner: 'emma',
    name: 'Book club',
    description: 'What we read, when we meet and what we thought of it.',
    type: 'all_contacts',
    group: 'Hobbies',
  },
  {
    key: 'travel',
    owner: 'emma',
    name: 'Travel journal',
    description: 'Notes and places from my trips, for contacts and followers.',
    type: 'all_contacts_followers',
    group: 'Trips',
  },
  {
    key: 'recipes',
    owner: 'emma',
    name: 'Recipes from Ghent',
    description: 'Flemish classics as my grandmother made them.',
    type: 'public',
    group: 'Hobbies',
  },
  {
    key: 'garden',
    owner: 'lucas',
    name: 'Gedeelde moestuin',
    description: 'Onze moestuin in Park Spoor Noord: zaaien, water geven en oogsten.',
    type: 'selected_contacts',
    selected: ['emma', 'oksana'],
    collaboration: true,
  },
  {
    key: 'attic',
    owner: 'lucas',
    name: 'Renovatie zolder',
    description: 'Van stoffige zolder naar werkkamer.',
    type: 'all_contacts',
  },
  {
    key: 'streetart',
    owner: 'camille',
    name: 'Street art à Bruxelles',
    description: 'Le parcours BD et les fresques que j’aime.',
    type: 'public',
  },
  {
    key: 'cuisine',
    owner: 'camille',
    name: 'Cuisine du dimanche',
    description: 'Les plats qu’on mijote le dimanche.',
    type: 'all_contacts',
  },
  {
    key: 'berlin',
    owner: 'jonas',
    name: 'Fotospaziergänge Berlin',
    description: 'Orte, Licht und Uhrzeiten für gute Fotos.',
    type: 'all_contacts',
  },
  {
    key: 'running',
    owner: 'sofia',
    name: 'Rutas para correr en Madrid',
    description: 'Mis recorridos favoritos, con distancia y desnivel.',
    type: 'public',
  },
  {
    key: 'training',
    owner: 'sofia',
    name: 'Plan de entrenamiento 10K',
    description: 'Ocho semanas para correr tu primer 10K.',
    type: 'all_contacts_followers',
  },
  {
    key: 'cafes',
    owner: 'oksana',
    name: 'Кав’ярні Львова',
    description: 'Де випити найкращу каву у Львові.',
    type: 'all_contacts',
  },
  {
    key: 'krakow',
    owner: 'piotr',
    name: 'Kraków w jeden dzień',
    description: 'Trasa spaceru po Starym Mieście i Kazimierzu.',
    type: 'public',
  },
];

export interface SeedMemo {
  author: PersonKey;
  /** collection keys; the first is where it is pinned when `pin` is set */
  collections: string[];
  title: string;
  /** paragraphs; `@[key]` mentions a person, `#[word]` links a hashtag */
  paragraphs?: string[];
  /** checklist lines: `## ` starts a header, `[x] ` a ticked item */
  todos?: string[];
  /** who ticks the `[x]` items (default the author; a collaborator on collaborative lists) */
  tickedBy?: PersonKey;
  tags?: string[];
  location?: { latitude: number; longitude: number; zoom: number; description: string };
  /** event date: days from today and the hour (UTC) */
  event?: [days: number, hour: number];
  /** due date of the checklist: days from today at 18:00 UTC */
  dueInDays?: number;
  /** pinned on top of its first collection */
  pin?: boolean;
  /** published later by the job queue: days from today at 06:00 UTC */
  scheduledInDays?: number;
}

/** In creation order: the newest memo of a list is the last one here. */
export const MEMOS: readonly SeedMemo[] = [
  {
    author: 'emma',
    collections: ['personal'],
    title: 'Weekly groceries',
    todos: [
      '## Market',
      '[x] Leeks and carrots',
      '[x] Strawberries',
      'Fresh herbs',
      '## Bakery',
      '[x] Sourdough loaf',
      'Mastellen for Sunday',
      '## Shop',
      'Coffee beans',
      'Oat milk',
    ],
    tags: ['groceries'],
    dueInDays: 2,
  },
  {
    author: 'emma',
    collections: ['personal'],
    title: 'Ideas for the living room',
    paragraphs: [
      'Lighter curtains, a reading corner by the window and fewer cables. Ask @[lucas] about built-in shelves. #[home]',
    ],
    todos: ['Measure the window', 'Pick a paint colour', '[x] Sell the old sofa'],
    tags: ['home', 'interior'],
  },
  {
    author: 'emma',
    collections: ['ardennes'],
    title: 'Packing list for La Roche-en-Ardenne',
    paragraphs: [
      'We leave Friday after lunch. @[lucas] brings the car with the roof box, @[camille] the board games.',
      'Rain is likely: pack boots. #[ardennes] #[weekend]',
    ],
    todos: [
      '## Clothes',
      '[x] Rain jackets',
      'Hiking boots',
      'Warm sweaters',
      '## Food',
      '[x] Breakfast for three days',
      'Marshmallows for the fire',
      '## Games',
      'Cards and Carcassonne',
    ],
    tickedBy: 'lucas',
    tags: ['ardennes', 'packing'],
    location: {
      latitude: 50.183,
      longitude: 5.575,
      zoom: 13,
      description: 'La Roche-en-Ardenne',
    },
    event: [9, 15],
    pin: true,
  },
  {
    author: 'lucas',
    collections: ['ardennes'],
    title: 'Wandeling: Le Hérou',
    paragraphs: [
      'Een lus van 9 km langs de Ourthe met een prachtig uitzicht. Stevige schoenen nodig! #[wandelen]',
    ],
    tags: ['wandelen', 'natuur'],
    location: {
      latitude: 50.1227,
      longitude: 5.7474,
      zoom: 14,
      description: 'Point de vue du Hérou',
    },
    event: [10, 9],
  },
  {
    author: 'emma',
    collections: ['paperwork'],
    title: 'Lease renewal',
    paragraphs: ['The landlord needs the signed copy before the end of the month.'],
    todos: ['[x] Read the new terms', 'Sign both copies', 'Send the deposit certificate'],
    tags: ['apartment', 'contracts'],
    dueInDays: 12,
  },
  {
    author: 'emma',
    collections: ['books'],
    title: 'Next pick: Klara and the Sun',
    paragraphs: [
      '@[camille] suggested it and everyone agreed. We meet at De Krook, third floor. #[books]',
      'Bring one quote you loved and one you did not.',
    ],
    tags: ['books', 'bookclub'],
    location: {
      latitude: 51.0487,
      longitude: 3.7275,
      zoom: 16,
      description: 'De Krook library, Ghent',
    },
    event: [14, 18],
  },
  {
    author: 'emma',
    collections: ['travel', 'books'],
    title: 'Books for the train',
    paragraphs: ['Short reads for the night train to Vienna. #[books] #[travel]'],
    todos: ['[x] The Little Prince', 'Stoner', 'A Gentleman in Moscow'],
    tags: ['books', 'travel'],
  },
  {
    author: 'emma',
    collections: ['travel'],
    title: 'Three days in Lisbon',
    paragraphs: [
      'Pastéis in Belém at opening time, tram 28 before the crowds and sunset at the Miradouro da Senhora do Monte. #[lisbon]',
      'Tip from @[jonas]: the light on the river is best just after eight.',
    ],
    tags: ['lisbon', 'portugal', 'travel'],
    location: {
      latitude: 38.6916,
      longitude: -9.216,
      zoom: 14,
      description: 'Torre de Belém, Lisbon',
    },
    event: [-20, 9],
  },
  {
    author: 'emma',
    collections: ['travel'],
    title: 'Porto in spring: the plan',
    paragraphs: ['Where we will eat, walk and stay. Published the morning we leave. #[porto]'],
    todos: ['Livraria Lello tickets', 'Port cellar tour in Gaia', 'Francesinha at Café Santiago'],
    tags: ['porto', 'portugal', 'travel'],
    location: {
      latitude: 41.1403,
      longitude: -8.6115,
      zoom: 14,
      description: 'Ribeira, Porto',
    },
    scheduledInDays: 3,
  },
  {
    author: 'emma',
    collections: ['recipes'],
    title: 'Stoofvlees with Westmalle',
    paragraphs: [
      'Beef cheeks, brown beer, a slice of bread with mustard and three hours of patience. #[recipe] #[ghent]',
    ],
    todos: ['1 kg beef cheeks', '2 onions', '1 bottle Westmalle Dubbel', 'Bread and mustard'],
    tags: ['recipe', 'flemish'],
  },
  {
    author: 'emma',
    collections: ['recipes'],
    title: 'Gentse waterzooi',
    paragraphs: [
      'The real one is made with chicken, not fish, and finished with cream and egg yolk. #[recipe] #[ghent]',
      'Serve with bread to soak up the broth.',
    ],
    todos: [
      '## Broth',
      '1 chicken',
      '2 leeks, 2 carrots, celery',
      '## To finish',
      '200 ml cream',
      '2 egg yolks',
      'Parsley',
    ],
    tags: ['recipe', 'ghent', 'flemish'],
    location: {
      latitude: 51.0573,
      longitude: 3.7207,
      zoom: 15,
      description: 'Gravensteen, Ghent',
    },
    pin: true,
  },
  {
    author: 'lucas',
    collections: ['garden'],
    title: 'Zaaikalender april',
    paragraphs: ['Wie wat zaait, zet zijn naam erbij. @[oksana] neemt de kruiden. #[moestuin]'],
    todos: [
      '## Binnen zaaien',
      '[x] Tomaten',
      'Paprika',
      '## Buiten zaaien',
      '[x] Radijsjes',
      'Wortelen',
      'Spinazie',
    ],
    tags: ['moestuin'],
    location: {
      latitude: 51.2288,
      longitude: 4.4285,
      zoom: 16,
      description: 'Park Spoor Noord, Antwerpen',
    },
  },
  {
    author: 'emma',
    collections: ['garden'],
    title: 'Tomato seedlings',
    paragraphs: ['Six plants are ready on my windowsill. I will bring them on Saturday.'],
    todos: ['Repot the seedlings', 'Buy bamboo sticks'],
    tags: ['garden'],
    event: [5, 10],
  },
  {
    author: 'lucas',
    collections: ['attic'],
    title: 'Offertes isolatie',
    paragraphs: ['Drie offertes gevraagd, twee ontvangen. Beslissing voor eind deze maand.'],
    todos: ['[x] Offerte Dakwerken Janssens', '[x] Offerte IsoPlus', 'Offerte Groendak BV'],
    tags: ['verbouwing'],
    dueInDays: 20,
  },
  {
    author: 'camille',
    collections: ['streetart'],
    title: 'Parcours BD : Tintin rue de l’Étuve',
    paragraphs: [
      'La fresque de Tintin et du capitaine Haddock, à deux pas du Manneken-Pis. #[bd] #[bruxelles]',
    ],
    tags: ['bd', 'streetart', 'bruxelles'],
    location: {
      latitude: 50.8447,
      longitude: 4.3497,
      zoom: 17,
      description: 'Rue de l’Étuve, Bruxelles',
    },
  },
  {
    author: 'camille',
    collections: ['cuisine'],
    title: 'Carbonnades flamandes',
    paragraphs: ['Avec du pain d’épices et de la moutarde, comme chez ma grand-mère.'],
    todos: ['Bœuf à braiser', 'Bière brune', 'Pain d’épices', 'Oignons'],
    tags: ['recette'],
  },
  {
    author: 'jonas',
    collections: ['berlin'],
    title: 'Tempelhofer Feld bei Sonnenuntergang',
    paragraphs: ['Die alte Landebahn im Abendlicht. Am besten im Juni gegen 21 Uhr. #[berlin]'],
    tags: ['berlin', 'fotografie'],
    location: {
      latitude: 52.4731,
      longitude: 13.4039,
      zoom: 14,
      description: 'Tempelhofer Feld, Berlin',
    },
  },
  {
    author: 'sofia',
    collections: ['running'],
    title: 'Vuelta al Retiro: 5 km',
    paragraphs: [
      'Salida desde la Puerta de Alcalá, sentido antihorario. Ideal para rodajes suaves.',
    ],
    tags: ['running', 'madrid'],
    location: {
      latitude: 40.4153,
      longitude: -3.6845,
      zoom: 15,
      description: 'Parque del Retiro, Madrid',
    },
  },
  {
    author: 'sofia',
    collections: ['training'],
    title: 'Semana 1',
    todos: [
      '## Lunes',
      '[x] 30 min de trote suave',
      '## Miércoles',
      '[x] 6 × 400 m',
      '## Sábado',
      'Tirada larga de 8 km',
    ],
    tags: ['entrenamiento'],
  },
  {
    author: 'oksana',
    collections: ['cafes'],
    title: 'Найкращі кав’ярні біля Ринку',
    paragraphs: ['Мої улюблені місця для кави в центрі. Обов’язково спробуйте каву з корицею.'],
    todos: ['[x] Львівська копальня кави', 'Світ кави', 'Віденська кав’ярня'],
    tags: ['кава', 'Львів'],
    location: {
      latitude: 49.8419,
      longitude: 24.0316,
      zoom: 16,
      description: 'Площа Ринок, Львів',
    },
  },
  {
    author: 'piotr',
    collections: ['krakow'],
    title: 'Rynek Główny i Sukiennice',
    paragraphs: ['Zaczynamy przy Kościele Mariackim, o pełnej godzinie słychać hejnał.'],
    tags: ['kraków', 'spacer'],
    location: {
      latitude: 50.0617,
      longitude: 19.9373,
      zoom: 16,
      description: 'Rynek Główny, Kraków',
    },
  },
  {
    author: 'piotr',
    collections: ['krakow'],
    title: 'Wawel o świcie',
    paragraphs: ['Najpiękniej wygląda z bulwarów nad Wisłą, zanim przyjdą turyści.'],
    tags: ['kraków', 'zamek'],
    location: {
      latitude: 50.054,
      longitude: 19.9354,
      zoom: 16,
      description: 'Wzgórze Wawelskie, Kraków',
    },
    event: [7, 5],
  },
];

/** Favourite contacts and collections. */
export const FAVOURITES: ReadonlyArray<
  { owner: PersonKey; contact: PersonKey } | { owner: PersonKey; collection: string }
> = [
  { owner: 'emma', contact: 'lucas' },
  { owner: 'emma', collection: 'streetart' },
  { owner: 'emma', collection: 'garden' },
  { owner: 'lucas', collection: 'ardennes' },
];
