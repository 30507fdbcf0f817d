/**
 * The in-house feed's fixtures (docs/betting.md "The in-house feed"): each UTC day, every
 * competition of the catalogue plays one match at each of its kick-off times, the pairs drawn from
 * the seed and the day. A day's fixtures are published at 00:00 UTC `daysAhead` days before it, so
 * the feed always lists the next days. Event ids are `od:match:<day × 1000 + slot>` (days since
 * the epoch, the match's place in the day): the same for the same seed, whenever asked.
 */
import type { Fixture } from '../shared/sports/feed.ts';
import { COMPETITIONS, type Competition } from './catalogue.ts';
import { Rng } from './random.ts';

/** A day in ms: the schedule is made day by day (UTC). */
export const DAY = 86_400_000;

/** A fixture with what the feed needs beside it. */
export interface ScheduledEvent {
  fixture: Fixture;
  competition: Competition;
  homeRating: number;
  awayRating: number;
  /** When the feed first announces it (ms). */
  publishedAt: number;
}

/** Days since the epoch (UTC) of a time. */
export const dayOf = (time: number) => Math.floor(time / DAY);

/** The day and slot of an event id, or undefined when it is not one of the feed's. */
export function parseEventId(id: string): { day: number; slot: number } | undefined {
  const match = /^od:match:(\d{1,12})$/.exec(id);
  if (!match) return undefined;
  const n = Number(match[1]);
  return { day: Math.floor(n / 1000), slot: n % 1000 };
}

/** Every match of one UTC day, in slot order. */
export function dayFixtures(seed: string, day: number, daysAhead: number): ScheduledEvent[] {
  const events: ScheduledEvent[] = [];
  const publishedAt = (day - daysAhead) * DAY;
  for (const competition of COMPETITIONS) {
    const order = new Rng(seed, 'day', day, competition.id).shuffle(competition.competitors);
    competition.kickoffs.forEach((minutes, i) => {
      const home = order[2 * i];
      const away = order[2 * i + 1];
      if (!home || !away) return;
      const id = `od:match:${day * 1000 + events.length}`;
      events.push({
        fixture: {
          id,
          sport: competition.sport,
          category: {
            id: `od:category:${competition.sport}-${competition.country.toLowerCase()}`,
            country: competition.country,
          },
          tournament: { id: competition.id, name: competition.name },
          home: { id: home.id, name: home.name },
          away: { id: away.id, name: away.name },
          scheduled: day * DAY + minutes * 60_000,
          live_odds: true,
        },
        competition,
        homeRating: home.rating,
        awayRating: away.rating,
        publishedAt,
      });
    });
  }
  return events;
}
