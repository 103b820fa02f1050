/**
 * The introductions of the landing pages (issue #15: "written for that role and place, a template
 * with real variation"). Each group says what its roles are, what the work is like at a startup,
 * what startups look for and how it is paid; each place says what its startup scene is, where the
 * teams sit, which languages they work in, and how salaries and work permits go. landingIntro
 * combines them in several sentence patterns, picked by the page's group and place, so two pages
 * never share more than a few sentences (landing.test.ts measures it). Kept apart from landing.ts
 * so that code needing only the list of pages (the router) does not carry the text.
 */
import type { LandingPage, LandingPlaceSlug } from './landing';
import { CATEGORY_GROUPS, type CategoryGroup } from './job-vocabulary';

interface GroupCopy {
  /** The group as words inside a sentence: 'design jobs'. */
  noun: string;
  /** The people who do the work: 'designers'. */
  people: string;
  /** The roles startups hire for, most common first (at least three). */
  roles: readonly string[];
  /** What the work is like at a startup: three sentences, each able to stand alone. */
  work: readonly [string, string, string];
  /** What startups look for when they hire: three sentences. */
  wants: readonly [string, string, string];
  /** Skills that come up in interviews and job ads (at least four). */
  skills: readonly string[];
  /** A kind of work in a sector: `angle('fintech')` → 'building and scaling fintech platforms'. */
  angle: (sector: string) => string;
  /** Whether the roles face local customers, so the local language matters more. */
  facesCustomers: boolean;
  /** How the roles are usually paid. */
  pay: string;
}

interface PlaceCopy {
  /** 'in Stockholm', 'in Denmark'. */
  in: string;
  /** The place's startups, as a sentence's subject: 'Danish startups', 'Stockholm startups'. */
  startups: string;
  /** The startup scene: three sentences, each able to stand alone. */
  scene: readonly [string, string, string];
  /** Sectors the place is strong in (at least four), as words inside a sentence. */
  sectors: readonly string[];
  /** Startups people know from there (at least four). */
  companies: readonly string[];
  /** Where the teams sit: hubs, campuses, cities. */
  hubs: string;
  /** The working language, for roles that do not face local customers. */
  languageInTeams: string;
  /** The working language, for roles that do. */
  languageWithCustomers: string;
  /** How salaries are set: currency, pension, holiday. */
  pay: string;
  /** Who needs a work permit, and how it usually goes. */
  permits: string;
}

const GROUP_COPY: Record<CategoryGroup, GroupCopy> = {
  'business development': {
    noun: 'business development jobs',
    people: 'business developers',
    roles: ['business developers', 'partnership managers', 'business analysts', 'commercial leads'],
    work: [
      'Business development at a startup sits between the founders, the product and the market: you find the partners, channels and segments worth betting on, then prove them with the first deals.',
      'In a young company the job is part strategy and part legwork, sizing a market on Monday and sitting in a partner’s meeting room on Thursday.',
      'You own a question rather than a process: which market next, which partner first, and what the numbers say about both.',
    ],
    wants: [
      'Founders look for people who can open doors and still do the maths afterwards.',
      'Hiring managers ask for structured thinking, a network you can actually use, and comfort with ambiguity.',
      'What startups value most is evidence that you have turned a first conversation into a signed agreement before.',
    ],
    skills: ['building partnerships from a cold first e-mail', 'financial modelling', 'negotiating terms', 'turning market research into a plan', 'keeping a CRM honest'],
    angle: (sector) => `finding partners and new markets for ${sector} companies`,
    facesCustomers: true,
    pay: 'Pay often mixes a base salary with a bonus tied to signed partnerships, and equity is common in early teams.',
  },
  'customer success': {
    noun: 'customer success jobs',
    people: 'customer success managers',
    roles: ['customer success managers', 'support specialists', 'onboarding and implementation specialists', 'support team leads'],
    work: [
      'Customer success teams keep the customers a startup has already won: they onboard new accounts, answer the hard questions and notice who is about to leave.',
      'At a startup you are the customer’s voice inside the company, and what you hear in a support ticket on Tuesday can change the roadmap by Friday.',
      'The work runs from the first onboarding call to renewals and upsells, and in a small team you usually write the playbook yourself.',
    ],
    wants: [
      'Startups look for empathy backed by numbers: people who care about each customer and also know their retention figures.',
      'Hiring managers value clear writing, curiosity about the product and the patience to explain it for the tenth time.',
      'What counts most is showing that customers stayed, and grew, because of the way you worked with them.',
    ],
    skills: ['explaining a product in plain words', 'reading churn and retention numbers', 'writing help articles people actually read', 'tools such as Zendesk or Intercom', 'staying calm with an unhappy customer'],
    angle: (sector) => `helping ${sector} customers get value from their first week`,
    facesCustomers: true,
    pay: 'Salaries are usually fixed, sometimes with a bonus on renewals, and senior roles often come with equity.',
  },
  design: {
    noun: 'design jobs',
    people: 'designers',
    roles: ['product designers', 'UX/UI designers', 'brand and visual designers', 'UX researchers'],
    work: [
      'Design at a startup means owning a problem from the first user interview to the shipped screen, often as one of very few designers.',
      'Startup designers rarely stay in one lane: the same week can hold a usability test, a design system update and a new landing page.',
      'You work directly with engineers and founders, decisions take hours rather than weeks, and you see your work in customers’ hands quickly.',
    ],
    wants: [
      'Teams look for designers who can explain why a design works, not only show that it looks good.',
      'Hiring managers ask for a portfolio with real constraints, trade-offs and results.',
      'Startups favour generalists early on, and specialists in research, systems or brand as they grow.',
    ],
    skills: ['a portfolio that shows your process rather than only final screens', 'Figma and quick prototyping', 'hands-on user research', 'building and keeping a design system', 'accessibility'],
    angle: (sector) => `making ${sector} products simple enough to trust`,
    facesCustomers: false,
    pay: 'Senior product designers are paid close to senior engineers, and early hires are usually offered equity.',
  },
  development: {
    noun: 'development jobs',
    people: 'developers',
    roles: ['backend, frontend and full-stack developers', 'DevOps and platform engineers', 'data scientists', 'QA engineers'],
    work: [
      'Developers at startups own features end to end: you design the service, write it, deploy it and watch it in production.',
      'Small engineering teams mean a short path from idea to release, and a real say in the architecture and the tools.',
      'Expect modern stacks, continuous delivery and a product you can explain to your friends, with on-call shared across the team.',
    ],
    wants: [
      'Startups look for engineers who ship, and who can judge when good enough is good enough.',
      'Hiring managers value solid fundamentals over a long list of frameworks, and pairing sessions or take-home tasks are common in interviews.',
      'What stands out is curiosity about the customer’s problem, not only about the technology.',
    ],
    skills: ['a typed language such as TypeScript or Kotlin', 'cloud platforms and infrastructure as code', 'tests you can trust', 'SQL and data modelling', 'reviewing code with kindness'],
    angle: (sector) => `building and scaling ${sector} platforms`,
    facesCustomers: false,
    pay: 'Developers with cloud, data or security experience are among the best-paid startup hires, and equity is standard in early teams.',
  },
  'mobile development': {
    noun: 'mobile development jobs',
    people: 'mobile developers',
    roles: ['iOS developers working in Swift', 'Android developers working in Kotlin', 'React Native and Flutter developers', 'mobile leads'],
    work: [
      'For many startups the app is the product, so mobile developers sit at the centre: every release is what customers see first.',
      'Mobile teams at startups are small, often two or three people per platform, so you shape the architecture and the release process.',
      'You work closely with designers and backend developers, and you measure your work in crash-free sessions and store ratings.',
    ],
    wants: [
      'Teams look for developers with apps in the stores they can point to.',
      'Cross-platform experience is valued, but native depth on one platform still wins most interviews.',
      'Startups favour developers who care about performance and polish as much as about features.',
    ],
    skills: ['SwiftUI or Jetpack Compose', 'shipping through the App Store and Google Play', 'offline-first data and app performance', 'accessibility on small screens', 'automated UI tests'],
    angle: (sector) => `shipping ${sector} apps that people open every day`,
    facesCustomers: false,
    pay: 'Experienced native developers are scarce, which keeps their salaries near the top of engineering pay.',
  },
  operations: {
    noun: 'operations jobs',
    people: 'operations people',
    roles: ['operations managers', 'finance and HR specialists', 'legal counsel', 'chiefs of staff and C-level leaders'],
    work: [
      'Operations people keep a growing startup running: finance, hiring, legal, tooling and the processes that tie them together.',
      'In a startup the operations role changes every quarter, from setting up payroll to opening an office in a second country.',
      'You are often the first person to hold a function such as finance or HR, which means building it rather than inheriting it.',
    ],
    wants: [
      'Founders look for people who bring order without slowing the company down.',
      'Hiring managers value hands-on experience from a company at the same stage, and a habit of automating the repetitive parts.',
      'What counts is judgement: knowing which process matters now and which one can wait a year.',
    ],
    skills: ['processes that still work at fifty people', 'finance and payroll reporting', 'recruiting and people operations', 'contracts and GDPR', 'tools such as Notion or an ERP'],
    angle: (sector) => `running the finance, people and legal side of ${sector} companies`,
    facesCustomers: true,
    pay: 'Pay ranges widely, from specialist salaries to executive packages, and leadership roles usually carry meaningful equity.',
  },
  marketing: {
    noun: 'marketing jobs',
    people: 'marketers',
    roles: ['growth and performance marketers', 'content and brand marketers', 'product marketers', 'marketing leads'],
    work: [
      'Marketing at a startup is measured in pipeline and sign-ups: you choose the channels, run the experiments and tell the story.',
      'Early marketers do a bit of everything, from the website and content to paid campaigns and launch events, before the team splits into specialists.',
      'You work with sales and product to decide who the customer is, then find the cheapest way to reach them.',
    ],
    wants: [
      'Startups look for marketers who can show numbers they moved, not only campaigns they ran.',
      'Hiring managers value a mix of creativity and analytics, and the habit of testing before scaling.',
      'A portfolio of writing, campaigns or growth experiments goes further than a job title.',
    ],
    skills: ['running experiments and reading the results', 'SEO and content that ranks', 'paid channels such as Google Ads and LinkedIn', 'analytics and attribution', 'copy that sounds like a person'],
    angle: (sector) => `telling the story of ${sector} products`,
    facesCustomers: true,
    pay: 'Base salaries are often paired with growth targets, and senior hires in early teams are usually offered equity.',
  },
  'project management': {
    noun: 'project and product management jobs',
    people: 'product and project managers',
    roles: ['product managers', 'project managers', 'product owners', 'delivery leads'],
    work: [
      'Product and project managers decide what a startup builds next and make sure it ships: the roadmap, the trade-offs and the release.',
      'At a startup you work with a handful of engineers and a designer, talk to customers every week and own the outcome, not only the plan.',
      'The job is to turn the founders’ vision and the customers’ problems into releases a small team can actually deliver.',
    ],
    wants: [
      'Startups look for managers who have shipped products, and who can say what they learned from the ones that failed.',
      'Hiring managers value technical understanding, clear writing and the ability to say no.',
      'What stands out is ownership: outcomes you were responsible for, with the numbers to show them.',
    ],
    skills: ['discovery and customer interviews', 'prioritising a roadmap', 'clear specs and release notes', 'deciding with data', 'whichever of Scrum or Kanban suits the team'],
    angle: (sector) => `deciding what ${sector} teams build next`,
    facesCustomers: false,
    pay: 'Product managers are usually paid on the engineering scale, with equity common in early teams.',
  },
  sales: {
    noun: 'sales jobs',
    people: 'sales people',
    roles: ['sales development representatives', 'account executives', 'account managers', 'heads of sales'],
    work: [
      'Sales at a startup is where the business model is proven: every deal you close shows the next investor that customers will pay.',
      'Early sales teams write their own playbook, from the first cold outreach to pricing and contract terms.',
      'Expect a clear target, a short path to the founders, and a lot of learning about what customers really need.',
    ],
    wants: [
      'Startups look for sellers with a record against a quota, and the energy to build a pipeline from nothing.',
      'Hiring managers value listening over a script, and experience selling software to businesses.',
      'What counts is proof: deals closed, targets met, and customers who would take your call again.',
    ],
    skills: ['booking and running discovery calls', 'building and forecasting a pipeline', 'closing deals with several decision makers', 'CRM discipline in HubSpot or Salesforce', 'handling objections with facts'],
    angle: (sector) => `selling ${sector} products at home and abroad`,
    facesCustomers: true,
    pay: 'Pay usually combines a base salary with commission, and early sales hires may get equity as well.',
  },
};

const PLACE_COPY: Record<LandingPlaceSlug, PlaceCopy> = {
  denmark: {
    in: 'in Denmark',
    startups: 'Danish startups',
    scene: [
      'Denmark has one of Europe’s most connected startup scenes, small enough that founders know each other, and home to companies such as Pleo, Trustpilot and Too Good To Go.',
      'Danish startups are known for design-minded products, flat teams and a work-life balance that is taken seriously.',
      'Most Danish startups sit in Copenhagen, but Aarhus, Odense and Aalborg have clusters of their own, from robotics to software.',
    ],
    sectors: ['fintech', 'life science', 'green energy', 'robotics'],
    companies: ['Pleo', 'Trustpilot', 'Too Good To Go', 'Lunar'],
    hubs: 'Outside Copenhagen, Aarhus has a strong software scene, Odense is the home of Danish robotics, and Aalborg grows companies out of its university.',
    languageInTeams: 'English is the working language in most Danish tech teams, so you can start without Danish.',
    languageWithCustomers: 'English works inside most teams, but Danish is a real advantage when you deal with Danish customers and partners.',
    pay: 'Danish salaries are quoted per month in DKK, usually with a pension contribution on top, and five weeks of paid holiday is the norm.',
    permits: 'EU and EEA citizens can simply move and work; others usually come through the Pay Limit Scheme or an employer certified for the Fast-track scheme.',
  },
  sweden: {
    in: 'in Sweden',
    startups: 'Swedish startups',
    scene: [
      'Sweden has produced more billion-dollar startups per person than almost anywhere, from Spotify and Klarna to King and Epidemic Sound.',
      'Swedish startups pair flat, consensus-minded teams with global ambitions from the first day.',
      'Stockholm leads the Swedish scene, while Gothenburg, Malmö and Uppsala are each strong in their own fields.',
    ],
    sectors: ['fintech', 'music and media', 'mobility', 'healthtech'],
    companies: ['Spotify', 'Klarna', 'Epidemic Sound', 'Kry'],
    hubs: 'Beyond Stockholm, Gothenburg builds on its automotive industry around Lindholmen, Malmö and Lund share the Ideon research park, and Uppsala is strong in life science.',
    languageInTeams: 'English is used every day in Swedish tech companies, and many teams have no Swedish requirement at all.',
    languageWithCustomers: 'Teams often work in English, but Swedish counts when you sell to or support customers in the Swedish market.',
    pay: 'Swedish pay is set per month in SEK, an occupational pension is common, and the law gives 25 days of paid holiday.',
    permits: 'EU citizens need no permit; others need a work permit arranged with the employer, which requires a salary above a set share of the Swedish median.',
  },
  norway: {
    in: 'in Norway',
    startups: 'Norwegian startups',
    scene: [
      'Norway’s startup scene is younger than its neighbours’ but growing fast, with Kahoot!, Vipps and Oda among its best-known names.',
      'Norwegian startups often grow out of the country’s strengths: energy, the ocean, and a population that adopts new technology early.',
      'Oslo holds most Norwegian startups, while Bergen, Trondheim and Stavanger each have a strong niche.',
    ],
    sectors: ['energy', 'ocean tech', 'fintech', 'media tech'],
    companies: ['Kahoot!', 'Vipps', 'Oda', 'Cognite'],
    hubs: 'Beyond Oslo, Trondheim grows deep-tech companies out of NTNU, Bergen has a media cluster, and Stavanger builds on energy.',
    languageInTeams: 'English is common in Norwegian tech teams, especially in engineering.',
    languageWithCustomers: 'Many teams work in English, but Norwegian is often expected in roles that face Norwegian customers.',
    pay: 'Norwegian salaries are among the highest in Europe, paid monthly in NOK, with a mandatory occupational pension and five weeks of holiday.',
    permits: 'Norway is in the EEA, so EU and EEA citizens only register; others apply for a skilled-worker permit with their job offer.',
  },
  finland: {
    in: 'in Finland',
    startups: 'Finnish startups',
    scene: [
      'Finland punches far above its size in tech: Supercell, Wolt and Rovio started here, and Slush brings investors from around the world to Helsinki every year.',
      'Finnish startups are known for engineering depth and a direct, no-nonsense working culture.',
      'Most Finnish startups are in the Helsinki region, with Tampere, Oulu and Turku close behind in their own specialities.',
    ],
    sectors: ['gaming', 'deep tech', 'health tech', 'cleantech'],
    companies: ['Supercell', 'Wolt', 'Oura', 'Aiven'],
    hubs: 'Outside Helsinki, Tampere has a strong industrial and software scene, Oulu grew out of wireless technology, and Turku is known for life science and maritime technology.',
    languageInTeams: 'English is the everyday language of most Finnish tech teams, so Finnish is rarely a requirement.',
    languageWithCustomers: 'English is widely used, but Finnish, or Swedish, helps when your customers are Finnish companies.',
    pay: 'Finnish salaries are paid monthly in euros, a statutory earnings-related pension comes on top, and many employers add a holiday bonus.',
    permits: 'EU citizens register their right of residence; specialists from elsewhere can use a fast-track residence permit, and founders a startup permit.',
  },
  iceland: {
    in: 'in Iceland',
    startups: 'Icelandic startups',
    scene: [
      'Iceland’s startup scene is small and close-knit, with companies like CCP Games, Controlant and Kerecis proving that big things can start on a small island.',
      'Icelandic startups often build on local strengths, such as renewable energy, the ocean and games, and sell to the world from the start.',
      'Almost every Icelandic startup is in the capital region around Reykjavík, with a smaller community in Akureyri.',
    ],
    sectors: ['gaming', 'marine tech', 'renewable energy', 'health tech'],
    companies: ['CCP Games', 'Controlant', 'Kerecis', 'Meniga'],
    hubs: 'Most teams work in Reykjavík, around the old harbour and the university area, with a smaller scene in Akureyri in the north.',
    languageInTeams: 'Icelanders switch to English easily, and international teams work in English.',
    languageWithCustomers: 'English is fine in most teams, but Icelandic opens doors with local customers.',
    pay: 'Icelandic salaries are paid monthly in ISK and are high by European standards, as is the cost of living; pension contributions are mandatory.',
    permits: 'Iceland is in the EEA, so EU and EEA citizens can work freely; others need a work permit, usually as an expert.',
  },
  copenhagen: {
    in: 'in Copenhagen',
    startups: 'Copenhagen startups',
    scene: [
      'Copenhagen is the centre of Danish tech, with founders’ houses, fintech labs and investors within a short bike ride of each other.',
      'The city combines a dense startup community with the life-science cluster of Medicon Valley across the Øresund.',
      'Copenhagen startups hire internationally, and in many teams most colleagues were not born in Denmark.',
    ],
    sectors: ['fintech', 'life science', 'greentech', 'software-as-a-service'],
    companies: ['Pleo', 'Lunar', 'Too Good To Go', 'Trustpilot'],
    hubs: 'Hubs include Founders House, Copenhagen Fintech Lab and BLOXHUB, and many teams sit in Vesterbro, Nørrebro or along the harbour.',
    languageInTeams: 'English is the office language in most Copenhagen startups.',
    languageWithCustomers: 'Copenhagen offices mostly work in English, but a Danish speaker is valued for the home market.',
    pay: 'Pay in Copenhagen is the highest in Denmark, usually quoted per month with pension on top, though housing is tight and worth planning early.',
    permits: 'EU and EEA citizens can start right away; others often arrive through the Pay Limit Scheme, and International House Copenhagen helps with the paperwork.',
  },
  stockholm: {
    in: 'in Stockholm',
    startups: 'Stockholm startups',
    scene: [
      'Stockholm is one of Europe’s leading startup cities, home to Spotify, Klarna and King and to a deep pool of experienced founders.',
      'The city’s startups hire from all over Europe, and many run their product teams entirely in English.',
      'Stockholm combines unicorn alumni starting new companies with a steady stream of graduates from KTH and the Stockholm School of Economics.',
    ],
    sectors: ['fintech', 'music streaming', 'gaming', 'healthtech'],
    companies: ['Spotify', 'Klarna', 'King', 'Epidemic Sound'],
    hubs: 'Startup hubs include Norrsken House, SUP46 and Epicenter in the centre, and Kista Science City to the north.',
    languageInTeams: 'English is the day-to-day language in many Stockholm tech teams.',
    languageWithCustomers: 'Stockholm teams often work in English, but Swedish helps in roles close to Swedish customers.',
    pay: 'Stockholm salaries are the highest in Sweden, paid monthly in SEK with an occupational pension, but rental flats are scarce, so start looking early.',
    permits: 'EU citizens can start right away; others need an employer-backed work permit, which Stockholm startups are used to arranging.',
  },
  helsinki: {
    in: 'in Helsinki',
    startups: 'Helsinki startups',
    scene: [
      'Helsinki is the heart of Finnish tech and the home of Slush, the startup event that fills the city every November.',
      'The Helsinki region mixes game studios, deep-tech spin-outs from Aalto University and fast-growing consumer companies.',
      'Helsinki startups are international by default: English in the office, and customers abroad from the first day.',
    ],
    sectors: ['gaming', 'food delivery', 'AI', 'health tech'],
    companies: ['Supercell', 'Wolt', 'Aiven', 'Rovio'],
    hubs: 'Maria 01 in Kamppi and the Otaniemi campus in neighbouring Espoo are where many teams and investors meet.',
    languageInTeams: 'Helsinki tech teams mostly work in English.',
    languageWithCustomers: 'English works in most Helsinki teams, but Finnish helps in roles facing Finnish customers.',
    pay: 'Helsinki salaries are the highest in Finland, paid monthly in euros, and rents are generally lower than in Stockholm or Copenhagen.',
    permits: 'EU citizens simply register; specialists from elsewhere can use the fast-track permit, and International House Helsinki helps newcomers settle.',
  },
};

const PLACE_ORDER = Object.keys(PLACE_COPY) as LandingPlaceSlug[];

/** 'a', 'a and b', 'a, b and c'. */
function list(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const capitalised = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/** `n` items of a list from position `from`, wrapping around. */
function rotate<T>(items: readonly T[], from: number, n: number): T[] {
  return Array.from({ length: n }, (_, i) => items[(from + i) % items.length]!);
}

/**
 * The introduction of a landing page, as paragraphs: the roles in the place, the work and what
 * startups look for, then language, pay and permits. Deterministic, so the server and the browser
 * render the same text.
 * @example landingIntro(landingPage('design-jobs-in-stockholm')!)[0] // 'Stockholm is one of Europe’s leading startup cities, …'
 */
export function landingIntro(page: LandingPage): string[] {
  const group = GROUP_COPY[page.group.group];
  const place = PLACE_COPY[page.place.slug];
  const g = CATEGORY_GROUPS.indexOf(page.group.group);
  const p = PLACE_ORDER.indexOf(page.place.slug);
  const name = page.place.name;
  // Two sectors of the place, so one page's angle differs from the next group's.
  const sector = place.sectors[(g + p) % place.sectors.length]!;
  const otherSector = place.sectors[(g + p + 1) % place.sectors.length]!;
  const scene = place.scene[(g + 2 * p) % 3]!;
  const company = place.companies[(g + p) % place.companies.length]!;

  const openings = [
    `Looking for ${group.noun} ${place.in}? ${scene} Startups here hire ${list(group.roles)}.`,
    `${capitalised(list(group.roles.slice(0, 3)))}: these are the roles ${place.startups} hire for most often. ${scene}`,
    `${scene} For ${group.people}, that means roles such as ${list(group.roles.slice(1))}, often ${group.angle(sector)}.`,
    `From ${company} to seed-stage teams of five, ${place.startups} hire ${group.people} for work such as ${group.angle(sector)}. ${scene}`,
  ];

  const locally = [
    `${capitalised(place.in)}, that often means ${group.angle(otherSector)}.`,
    `With ${name} strong in ${sector} and ${otherSector}, many openings involve ${group.angle(otherSector)}.`,
    `${capitalised(otherSector)} is one of ${name}’s strengths, and many openings there involve ${group.angle(otherSector)}.`,
  ];
  const skills = rotate(group.skills, g + p, 3);
  const asked = [
    `Expect questions about ${list(skills)}.`,
    `Skills that come up again and again: ${list(skills)}.`,
    `Job ads here keep asking for ${list(skills)}.`,
  ];
  const work = group.work[(p + g) % 3]!;
  const wants = group.wants[(p + 2 * g + 1) % 3]!;
  const second = [work, locally[(g + p) % 3], wants, asked[(2 * g + p) % 3]].join(' ');

  // Language always; two of the place's practical notes, in an order of the page's own, with the group's pay.
  const language = group.facesCustomers ? place.languageWithCustomers : place.languageInTeams;
  const practical = [
    [language, place.pay, group.pay],
    [place.hubs, language, place.permits],
    [group.pay, place.permits, language],
    [language, place.hubs, group.pay, place.pay],
  ][(g + 3 * p) % 4]!;

  return [openings[(g + p) % openings.length]!, second, practical.join(' ')];
}
