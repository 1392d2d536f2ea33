import { type Kysely, sql } from 'kysely';

/**
 * A driver's city is explicit (decision 0074): `drivers.city_id`, chosen at application and changed by the
 * driver. It is the city whose papers hold them (decision 0049) and the time zone of their schedule when they
 * have none. Existing records take their schedule's city, else their last ride's, else the only city when the
 * marketplace has one; otherwise it stays null — unknown, and held from going online until they choose.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table drivers add column city_id text references cities (id)`.execute(db);
  await sql`create index drivers_city_idx on drivers (city_id)`.execute(db);
  await sql`update drivers d set city_id = coalesce(
      (select s.city_id from driver_schedules s where s.driver_id = d.id),
      (select r.city_id from rides r where r.driver_id = d.id order by r.requested_at desc limit 1),
      (select min(c.id) from cities c having count(*) = 1))`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`alter table drivers drop column city_id`.execute(db);
}
