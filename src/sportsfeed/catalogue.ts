/**
 * What the in-house feed plays (docs/betting.md "The in-house feed"): its competitions, their
 * teams and players with the ratings the models price from, and when in the day (UTC) each one
 * plays. Every name is invented. The kick-off times spread over the whole day (Kazakh and Indian
 * football in the morning and afternoon, Australian football in the early hours, European football in the afternoon and evening, Brazilian
 * football and North American basketball at night, tennis in Asia, Europe and America, CS2 every
 * hour) so that some events are live at any moment.
 */
import type { Sport } from '../shared/sports/feed.ts';

/** A team or player: what a fixture names, and the strength its model prices from. */
export interface Competitor {
  /** `od:competitor:<slug>`, stable. */
  id: string;
  name: string;
  /**
   * Strength on an Elo-like scale (about 1500–2150): football and basketball turn the difference
   * into scoring rates, tennis into points won on serve, CS2 into the chance of winning a map.
   */
  rating: number;
}

/** A league or tournament: its sport, country, daily kick-offs and who plays in it. */
export interface Competition {
  /** `od:tournament:<slug>`. */
  id: string;
  name: string;
  sport: Sport;
  /** ISO 3166 alpha-2, or `INT`. */
  country: string;
  /** Kick-off times of one day, minutes after 00:00 UTC; one match each. */
  kickoffs: readonly number[];
  competitors: readonly Competitor[];
  /**
   * The competition's scoring level: football, a side's expected goals between equal teams;
   * basketball, a side's expected points in 48 minutes between equal teams. Unused elsewhere.
   */
  level: number;
}

/** A URL- and id-safe form of a name: `Atlético Valdeluz` → `atletico-valdeluz`. */
export function slugOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const at = (hours: number, minutes = 0) => hours * 60 + minutes;

function competitors(prefix: string, list: readonly (readonly [string, number])[]): Competitor[] {
  return list.map(([name, rating]) => ({ id: `od:competitor:${prefix}-${slugOf(name)}`, name, rating }));
}

const TENNIS_PLAYERS: readonly (readonly [string, number])[] = [
  ['Luca Ferretti', 2100],
  ['Mateo Arrieta', 2060],
  ['Jonas Lindqvist', 2030],
  ['Arjun Mehta', 1990],
  ['Daniil Orlov', 1970],
  ['Yerlan Abenov', 1940],
  ['Thiago Moreira', 1920],
  ['Hugo Marchand', 1900],
  ['Felix Brandt', 1880],
  ['Kenji Morita', 1860],
  ['Oliver Hale', 1850],
  ['Nikolai Petrenko', 1830],
  ['Rafael Quintana', 1810],
  ['Sebastian Kroll', 1800],
  ['Adrien Leclerc', 1790],
  ['Vikram Rao', 1780],
  ['Marco Bellini', 1770],
  ['Tomas Novak', 1760],
  ['Lucas Duarte', 1750],
  ['Emil Sorensen', 1740],
  ['Aidos Serikbay', 1730],
  ['Pablo Ibarra', 1720],
  ['Stefan Marin', 1710],
  ['Jack Whitmore', 1700],
  ['Ethan Cole', 1690],
  ['Ivan Kostic', 1680],
  ['Samuel Okafor', 1670],
  ['Leo Fontaine', 1660],
  ['Diego Salcedo', 1650],
  ['Andrei Popa', 1640],
  ['Rohan Iyer', 1630],
  ['Max Hoffmann', 1620],
  ['Gabriel Rocha', 1610],
  ['Timur Nurlanov', 1600],
  ['Kai Nakamura', 1590],
  ['Bruno Castell', 1580],
];

/** A third of the tennis players (every third by rating), so each draw has favourites and outsiders. */
const tennisDraw = (third: number) => TENNIS_PLAYERS.filter((_, i) => i % 3 === third);

const CS2_PREFIXES = [
  'Nova',
  'Iron',
  'Crimson',
  'Frost',
  'Shadow',
  'Solar',
  'Vortex',
  'Apex',
  'Onyx',
  'Phantom',
  'Neon',
  'Titan',
  'Rogue',
  'Storm',
  'Void',
  'Lunar',
  'Ember',
  'Cyber',
  'Arctic',
  'Blaze',
  'Zenith',
  'Echo',
  'Nebula',
  'Omega',
];
const CS2_SUFFIXES_A = ['Wolves', 'Falcons', 'Vipers', 'Ravens', 'Dragons', 'Knights'];
const CS2_SUFFIXES_B = ['Gaming', 'Esports', 'Five', 'Squad', 'Collective', 'Syndicate'];

/** 24 CS2 teams: invented names from two word lists, ratings spread 1500–1845. */
function cs2Teams(suffixes: readonly string[], shift: number): (readonly [string, number])[] {
  return CS2_PREFIXES.map((_, i) => {
    const name = `${CS2_PREFIXES[(i + shift) % CS2_PREFIXES.length]} ${suffixes[i % suffixes.length]}`;
    return [name, 1500 + ((i * 7) % 24) * 15] as const;
  });
}

const everyTwoHours = (from: number) => Array.from({ length: 12 }, (_, i) => at(from + 2 * i));

function competition(
  slug: string,
  name: string,
  sport: Sport,
  country: string,
  kickoffs: readonly number[],
  level: number,
  list: readonly (readonly [string, number])[],
): Competition {
  return {
    id: `od:tournament:${slug}`,
    name,
    sport,
    country,
    kickoffs,
    level,
    competitors: competitors(slug, list),
  };
}

/** Every competition the in-house feed plays, in a fixed order (it numbers a day's events). */
export const COMPETITIONS: readonly Competition[] = [
  competition('kz-premier', 'Qazaq Premier League', 'football', 'KZ', [at(9), at(11), at(12, 30)], 1.3, [
    ['Astana Altyn', 1620],
    ['Alatau Almaty', 1600],
    ['Kenshi Qaraghandy', 1570],
    ['Qyran Taraz', 1550],
    ['Zhaiyk Oral', 1540],
    ['Munaishy Atyrau', 1530],
    ['Sary-Arka Kokshetau', 1510],
    ['Ertis Semey', 1500],
  ]),
  competition('in-super', 'Bharat Super League', 'football', 'IN', [at(13), at(14, 30)], 1.4, [
    ['Mumbai Mariners', 1640],
    ['Kolkata Tigers', 1630],
    ['Goa Coastal FC', 1610],
    ['Bengaluru Blue Stars', 1600],
    ['Chennai Lions', 1580],
    ['Delhi Capital FC', 1560],
    ['Hyderabad Nawabs', 1550],
    ['Shillong Highlanders', 1540],
  ]),
  competition(
    'gb-premier',
    'Premier Division',
    'football',
    'GB',
    [at(12, 30), at(15), at(15), at(17, 30), at(20)],
    1.35,
    [
      ['Ashbury United', 1840],
      ['Kingsbridge City', 1810],
      ['Redmoor Rovers', 1760],
      ['Harlow Athletic', 1720],
      ['Castleford Town', 1690],
      ['Westbrook Wanderers', 1680],
      ['Northgate FC', 1650],
      ['Elmstead Albion', 1630],
      ['Thornbury Forest', 1610],
      ['Marston Villa', 1590],
      ['Brackley Rangers', 1560],
      ['Sheldon County', 1530],
    ],
  ),
  competition(
    'es-primera',
    'Liga Primera',
    'football',
    'ES',
    [at(14), at(16, 15), at(18, 30), at(20)],
    1.25,
    [
      ['Real Montoro', 1850],
      ['Atlético Valdeluz', 1800],
      ['CD Sierra Norte', 1700],
      ['Racing Almenara', 1680],
      ['UD Costa Blanca', 1650],
      ['Deportivo Lugones', 1640],
      ['Sporting Arenal', 1620],
      ['CF Villaverde Alto', 1600],
      ['Unión Alcaraz', 1580],
      ['CA Tormes', 1550],
    ],
  ),
  competition(
    'de-bundesklasse',
    'Erste Bundesklasse',
    'football',
    'DE',
    [at(13, 30), at(13, 30), at(16, 30), at(18, 30)],
    1.45,
    [
      ['FC Rheinfeld', 1860],
      ['SV Altmark 04', 1760],
      ['TSV Bergheim', 1720],
      ['Borussia Lindenau', 1700],
      ['VfB Eichwald', 1680],
      ['Eintracht Sonnenberg', 1650],
      ['SC Hafenstadt', 1630],
      ['1. FC Waldkirch', 1610],
      ['Fortuna Steinbach', 1580],
      ['Union Kaltental', 1560],
    ],
  ),
  competition(
    'br-serie-ouro',
    'Série Ouro',
    'football',
    'BR',
    [at(0, 30), at(19), at(21, 30), at(22), at(23, 30)],
    1.2,
    [
      ['Atlético Cerrado', 1780],
      ['EC Jacarandá', 1760],
      ['SE Palmeiral', 1740],
      ['Grêmio Litorâneo', 1720],
      ['Náutico Barra Azul', 1690],
      ['Ipiranga do Sul', 1670],
      ['América do Planalto', 1650],
      ['Estrela do Norte', 1630],
      ['União Paraense', 1610],
      ['Tupi Capixaba', 1590],
    ],
  ),
  competition(
    'au-southern-cross',
    'Southern Cross League',
    'football',
    'AU',
    [at(3, 30), at(5), at(6, 30), at(8)],
    1.4,
    [
      ['Harbourside FC', 1700],
      ['Coral Coast United', 1680],
      ['Westgate Wanderers', 1660],
      ['Bayside Rovers', 1640],
      ['Red Centre FC', 1620],
      ['Tasman City', 1600],
      ['Gold Reef United', 1580],
      ['Southern Capes', 1560],
    ],
  ),
  competition(
    'cn-harbour-open',
    'Harbour Open Shanghai',
    'tennis',
    'CN',
    [at(2, 30), at(4), at(5, 30), at(7), at(8, 30), at(10)],
    0,
    tennisDraw(0),
  ),
  competition(
    'fr-riviera-masters',
    'Riviera Masters',
    'tennis',
    'FR',
    [at(10, 30), at(12), at(13, 30), at(15), at(16, 30), at(18)],
    0,
    tennisDraw(1),
  ),
  competition(
    'us-pacific-coast',
    'Pacific Coast Championships',
    'tennis',
    'US',
    [at(1), at(17, 30), at(19), at(20, 30), at(22), at(23, 30)],
    0,
    tennisDraw(2),
  ),
  competition(
    'us-hoops-league',
    'North American Hoops League',
    'basketball',
    'US',
    [at(0), at(0, 30), at(1, 30), at(2, 30), at(23)],
    112,
    [
      ['Harbor City Mariners', 1700],
      ['Desert Vipers', 1680],
      ['Lakeshore Storm', 1660],
      ['Capital Monarchs', 1640],
      ['Bayou Gators', 1620],
      ['Mountain Elk', 1600],
      ['Steel City Forge', 1580],
      ['Golden Coast Waves', 1560],
      ['Prairie Thunder', 1540],
      ['Northern Lights', 1520],
    ],
  ),
  competition(
    'int-continental-basketball',
    'Continental Basketball League',
    'basketball',
    'INT',
    [at(17), at(18, 30), at(19, 45)],
    95,
    [
      ['Adriatic Sharks', 1660],
      ['Baltic Amber', 1640],
      ['Iberia Toros', 1620],
      ['Anatolia Eagles', 1600],
      ['Danube Wolves', 1580],
      ['Aegean Tritons', 1560],
      ['Alpine Bears', 1540],
      ['Carpathian Lynx', 1520],
    ],
  ),
  competition(
    'int-cs2-pro-series',
    'Orbita CS2 Pro Series',
    'esports',
    'INT',
    everyTwoHours(0),
    0,
    cs2Teams(CS2_SUFFIXES_A, 0),
  ),
  competition(
    'int-cs2-open',
    'CS2 Continental Open',
    'esports',
    'INT',
    everyTwoHours(1),
    0,
    cs2Teams(CS2_SUFFIXES_B, 7),
  ),
];

const BY_COMPETITOR = new Map<string, Competitor>(
  COMPETITIONS.flatMap((c) => c.competitors.map((team) => [team.id, team] as const)),
);
const BY_COMPETITION = new Map<string, Competition>(COMPETITIONS.map((c) => [c.id, c]));

/** A competitor by its id (ratings are looked up by the ids a fixture carries). */
export const competitorById = (id: string): Competitor | undefined => BY_COMPETITOR.get(id);

/** A competition by its tournament id. */
export const competitionById = (id: string): Competition | undefined => BY_COMPETITION.get(id);
