// The week in progress: the analytics answer says which of its weeks is still going on and how
// many of its days have begun (the server knows the Manila day), so the screen can show it apart instead of drawing
// three days as a week that collapsed. Its counts are the week so far, as stored; the export is unchanged.
import { describe, expect, it } from 'vitest';
import { dayNumber, manilaDay, mondayOf } from '../../common/time.ts';
import { call, database, json, type Output } from './helpers.ts';
import { createMember } from './members.ts';

type Report = Output<'analytics.report'>;

/** The Manila week around now: its Monday and the days begun (today included). */
function manilaWeek(at = Date.now()) {
  const today = manilaDay(at);
  const monday = mondayOf(today);
  return { weekStart: new Date(monday * 86_400_000).toISOString().slice(0, 10), days: dayNumber(today) - monday + 1 };
}

describe('the week in progress', () => {
  it('is the last week of the answer, with the days of it that have begun in Manila, and its counts so far', async () => {
    const spa = await createMember({ role: 'spa_management', premium: true });
    // A profile view today and two a week ago, written as the rollups the counting keeps.
    const today = manilaDay();
    const weekAgo = manilaDay(Date.now() - 7 * 86_400_000);
    await database().batch(
      [
        {
          sql: "insert into spa_daily_counts (spa_id, day, metric, count) values (?, ?, 'profile_view', 1)",
          args: [spa.id, today],
        },
        {
          sql: "insert into spa_daily_counts (spa_id, day, metric, count) values (?, ?, 'profile_view', 2)",
          args: [spa.id, weekAgo],
        },
      ],
      'write',
    );
    const before = manilaWeek();
    const response = await fetchReport(spa.cookie, '?weeks=4&compare=true');
    const after = manilaWeek();
    // The Manila day can turn between the two readings: the answer is one of them.
    expect([before, after]).toContainEqual(response.thisWeek);
    expect(response.thisWeek.days).toBeGreaterThanOrEqual(1);
    expect(response.thisWeek.days).toBeLessThanOrEqual(7);
    expect(response.weeks.at(-1)!.weekStart).toBe(response.thisWeek.weekStart);
    // Complete weeks before it; the previous period ends the week before the window.
    expect(response.previous!.at(-1)!.weekStart < response.weeks[0]!.weekStart).toBe(true);
    // Counts are stored as they are: the week so far, not scaled.
    expect(response.weeks.at(-1)!.profileViews).toBe(1);
    expect(response.weeks.at(-2)!.profileViews).toBe(2);

    // The free window says the same.
    const free = await createMember({ role: 'spa_management' });
    const freeAnswer = await fetchReport(free.cookie, '');
    expect(freeAnswer.weeks).toHaveLength(4);
    expect(freeAnswer.weeks.at(-1)!.weekStart).toBe(freeAnswer.thisWeek.weekStart);
  });
});

async function fetchReport(cookie: string, query: string): Promise<Report> {
  const response = await call(`/api/analytics${query}`, { cookie });
  expect(response.status).toBe(200);
  return json<Report>(response);
}
