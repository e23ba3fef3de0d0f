import { sql, type SQL } from "drizzle-orm";
import { bookings } from "~/db/schema/bookings";
import { conversations, messages } from "~/db/schema/messages";
import { isVerifiedSql } from "~/features/identity/verified-sql.server";
import { RESPONSE_WINDOW_DAYS, type ResponseFigures } from "./trust";

/**
 * Trust signals of a profile (issue #29 point 6, ADR 0254) as SQL expressions over the
 * user's id column, so the profile's one query reads them all.
 *
 * Response figures: conversations about the host's listings that a guest started (the
 * first message is the guest's) in the last 90 days. One counts once its first host reply
 * exists or 24 hours have passed without one (a host still inside their day is not
 * counted against). Rate: the share answered within 24 hours; time: the median of the
 * first replies' delays.
 */
export function trustColumns(userId: SQL | unknown, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const since = sql`${at} - make_interval(days => ${RESPONSE_WINDOW_DAYS})`;
  return {
    identityVerified: isVerifiedSql(userId),
    completedAsGuest: sql<number>`(select count(*)::int from ${bookings} b where b.user_id = ${userId} and b.status = 'completed')`,
    completedAsHost: sql<number>`(select count(*)::int from ${bookings} b where b.host_id = ${userId} and b.status = 'completed')`,
    response: sql<ResponseFigures>`(
      select json_build_object(
        'asked', count(*)::int,
        'answeredInDay', (count(*) filter (where r.first_reply <= g.first_at + interval '24 hours'))::int,
        'replied', count(r.first_reply)::int,
        'medianSeconds', percentile_cont(0.5) within group (order by extract(epoch from r.first_reply - g.first_at)))
        from ${conversations} c
        cross join lateral (
          select m.created_at as first_at, m.sender_id from ${messages} m where m.conversation_id = c.id order by m.id limit 1) g
        left join lateral (
          select m.created_at as first_reply from ${messages} m where m.conversation_id = c.id and m.sender_id = c.host_id order by m.id limit 1) r on true
       where c.host_id = ${userId} and c.created_at >= ${since} - interval '1 day'
         and g.sender_id = c.guest_id and g.first_at >= ${since}
         and (r.first_reply is not null or g.first_at <= ${at} - interval '24 hours'))`,
  };
}
