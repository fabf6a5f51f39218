-- DropIndex
DROP INDEX "tickets_creator_email_idx";

-- CreateTable
CREATE TABLE "ticket_daily_stats" (
    "day" DATE NOT NULL,
    "method" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "generated" INTEGER NOT NULL DEFAULT 0,
    "generated_registered" INTEGER NOT NULL DEFAULT 0,
    "registered" INTEGER NOT NULL DEFAULT 0,
    "revenue" DECIMAL(14,2) NOT NULL DEFAULT 0,

    CONSTRAINT "ticket_daily_stats_pkey" PRIMARY KEY ("day","method","slot")
);

-- CreateTable
CREATE TABLE "ticket_hourly_stats" (
    "day" DATE NOT NULL,
    "hour" INTEGER NOT NULL,
    "generated" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ticket_hourly_stats_pkey" PRIMARY KEY ("day","hour")
);

-- CreateTable
CREATE TABLE "ticket_creator_stats" (
    "creator" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "tickets" INTEGER NOT NULL DEFAULT 0,
    "registered" INTEGER NOT NULL DEFAULT 0,
    "revenue" DECIMAL(14,2) NOT NULL DEFAULT 0,

    CONSTRAINT "ticket_creator_stats_pkey" PRIMARY KEY ("creator","slot")
);

-- CreateIndex
CREATE INDEX "tickets_creator_email_created_at_idx" ON "tickets"("creator_email", "created_at" DESC);


-- Hand-written below: the statistics rollups (docs/decisions/020-statistics-rollups.md).
-- Statement-level triggers with transition tables keep ticket_daily_stats, ticket_hourly_stats and
-- ticket_creator_stats equal to what an aggregate over the tickets table would give, with days
-- and hours in the raffle's timezone (the `timezone` setting). A change of timezone rebuilds them.

-- The raffle's timezone: the setting, or Manila before the settings row exists.
CREATE FUNCTION "raffle_timezone"() RETURNS TEXT LANGUAGE sql STABLE
  AS $$ SELECT coalesce((SELECT "timezone" FROM "settings" WHERE "id" = 1), 'Asia/Manila') $$;

-- Adds the contribution of groups of ticket rows to the rollups. Each group is a count (negative
-- for rows removed), its creation and registration minute, payment method, the sum of its amounts
-- and its creator; groups come as parallel arrays so every trigger shares this one statement set
-- (plpgsql caches its plans). Minutes keep days and hours exact in any timezone (offsets are whole
-- minutes) while a 10,000-ticket range made in one statement arrives as one group. Deltas go to
-- this transaction's slot; rows are upserted in key order so two transactions sharing a slot lock
-- them in the same order.
CREATE FUNCTION "ticket_stats_apply"(counts BIGINT[], created TIMESTAMPTZ[], registered TIMESTAMPTZ[],
  methods TEXT[], amounts NUMERIC[], creators TEXT[]) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  tz TEXT := "raffle_timezone"();
  s INT := (pg_current_xact_id()::text::bigint % 8)::int;
BEGIN
  IF counts IS NULL OR cardinality(counts) = 0 THEN RETURN; END IF;

  INSERT INTO "ticket_daily_stats" AS d ("day", "method", "slot", "generated", "generated_registered", "registered", "revenue")
  SELECT c."day", c."method", s, sum(c.g), sum(c.gr), sum(c.r), sum(c.v)
  FROM (
    SELECT (x.c AT TIME ZONE tz)::date AS "day", x.m AS "method", x.n AS g,
           CASE WHEN x.rg IS NULL THEN 0 ELSE x.n END AS gr, 0 AS r, 0::numeric AS v
    FROM unnest(counts, created, registered, methods) AS x(n, c, rg, m)
    UNION ALL
    SELECT (x.rg AT TIME ZONE tz)::date, x.m, 0, 0, x.n, x.a
    FROM unnest(counts, registered, methods, amounts) AS x(n, rg, m, a)
    WHERE x.rg IS NOT NULL
  ) AS c
  GROUP BY c."day", c."method"
  HAVING sum(c.g) <> 0 OR sum(c.gr) <> 0 OR sum(c.r) <> 0 OR sum(c.v) <> 0
  ORDER BY c."day", c."method"
  ON CONFLICT ("day", "method", "slot") DO UPDATE SET
    "generated" = d."generated" + excluded."generated",
    "generated_registered" = d."generated_registered" + excluded."generated_registered",
    "registered" = d."registered" + excluded."registered",
    "revenue" = d."revenue" + excluded."revenue";

  INSERT INTO "ticket_hourly_stats" AS h ("day", "hour", "generated")
  SELECT (x.c AT TIME ZONE tz)::date, extract(hour FROM x.c AT TIME ZONE tz)::int, sum(x.n)
  FROM unnest(counts, created) AS x(n, c)
  GROUP BY 1, 2
  HAVING sum(x.n) <> 0
  ORDER BY 1, 2
  ON CONFLICT ("day", "hour") DO UPDATE SET "generated" = h."generated" + excluded."generated";

  INSERT INTO "ticket_creator_stats" AS k ("creator", "slot", "tickets", "registered", "revenue")
  SELECT c.e, s, sum(c.n), sum(c.r), sum(c.v)
  FROM (
    SELECT coalesce(x.e, '') AS e, x.n, CASE WHEN x.rg IS NULL THEN 0 ELSE x.n END AS r,
           CASE WHEN x.rg IS NULL THEN 0 ELSE x.a END AS v
    FROM unnest(counts, registered, amounts, creators) AS x(n, rg, a, e)
  ) AS c
  GROUP BY c.e
  HAVING sum(c.n) <> 0 OR sum(c.r) <> 0 OR sum(c.v) <> 0
  ORDER BY c.e
  ON CONFLICT ("creator", "slot") DO UPDATE SET
    "tickets" = k."tickets" + excluded."tickets",
    "registered" = k."registered" + excluded."registered",
    "revenue" = k."revenue" + excluded."revenue";
END $$;

-- The triggers group the rows they see (sign +1 for new rows, -1 for old ones) and hand the groups over.
CREATE FUNCTION "tickets_stats_on_insert"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ticket_stats_apply"(a.n, a.c, a.r, a.m, a.v, a.e)
  FROM (
    SELECT array_agg(g.n), array_agg(g.c), array_agg(g.r), array_agg(g.m), array_agg(g.v), array_agg(g.e)
    FROM (
      SELECT count(*) AS n, date_trunc('minute', "created_at") AS c, date_trunc('minute', "registered_at") AS r,
             lower("payment_method") AS m, sum("amount") AS v, "creator_email" AS e
      FROM new_rows GROUP BY 2, 3, 4, 6
    ) AS g
  ) AS a(n, c, r, m, v, e);
  RETURN NULL;
END $$;

CREATE FUNCTION "tickets_stats_on_delete"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ticket_stats_apply"(a.n, a.c, a.r, a.m, a.v, a.e)
  FROM (
    SELECT array_agg(g.n), array_agg(g.c), array_agg(g.r), array_agg(g.m), array_agg(g.v), array_agg(g.e)
    FROM (
      SELECT -count(*) AS n, date_trunc('minute', "created_at") AS c, date_trunc('minute', "registered_at") AS r,
             lower("payment_method") AS m, -sum("amount") AS v, "creator_email" AS e
      FROM old_rows GROUP BY 2, 3, 4, 6
    ) AS g
  ) AS a(n, c, r, m, v, e);
  RETURN NULL;
END $$;

-- Only rows whose counted columns changed: the old version comes out, the new one goes in.
-- Most updates (an email, an address) change none of them and write nothing.
CREATE FUNCTION "tickets_stats_on_update"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ticket_stats_apply"(a.n, a.c, a.r, a.m, a.v, a.e)
  FROM (
    SELECT array_agg(g.n), array_agg(g.c), array_agg(g.r), array_agg(g.m), array_agg(g.v), array_agg(g.e)
    FROM (
      SELECT sum(d.sg) AS n, date_trunc('minute', d.c) AS c, date_trunc('minute', d.r) AS r, lower(d.m) AS m,
             sum(d.sg * d.v) AS v, d.e
      FROM old_rows o
      JOIN new_rows n ON n."id" = o."id"
      CROSS JOIN LATERAL (VALUES
        (-1, o."created_at", o."registered_at", o."payment_method", o."amount", o."creator_email"),
        (1, n."created_at", n."registered_at", n."payment_method", n."amount", n."creator_email")
      ) AS d(sg, c, r, m, v, e)
      WHERE (o."created_at", o."registered_at", lower(o."payment_method"), o."amount", o."creator_email")
        IS DISTINCT FROM (n."created_at", n."registered_at", lower(n."payment_method"), n."amount", n."creator_email")
      GROUP BY 2, 3, 4, 6
    ) AS g
  ) AS a(n, c, r, m, v, e);
  RETURN NULL;
END $$;

CREATE FUNCTION "tickets_stats_on_truncate"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ticket_daily_stats";
  DELETE FROM "ticket_hourly_stats";
  DELETE FROM "ticket_creator_stats";
  RETURN NULL;
END $$;

-- Recomputes every rollup from the tickets table (the migration, a change of timezone).
CREATE FUNCTION "ticket_stats_rebuild"() RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ticket_daily_stats";
  DELETE FROM "ticket_hourly_stats";
  DELETE FROM "ticket_creator_stats";
  PERFORM "ticket_stats_apply"(a.n, a.c, a.r, a.m, a.v, a.e)
  FROM (
    SELECT array_agg(g.n), array_agg(g.c), array_agg(g.r), array_agg(g.m), array_agg(g.v), array_agg(g.e)
    FROM (
      SELECT count(*) AS n, date_trunc('minute', "created_at") AS c, date_trunc('minute', "registered_at") AS r,
             lower("payment_method") AS m, sum("amount") AS v, "creator_email" AS e
      FROM "tickets" GROUP BY 2, 3, 4, 6
    ) AS g
  ) AS a(n, c, r, m, v, e);
END $$;

-- Days and hours move with the timezone. SHARE mode waits for ticket writes in flight (whose
-- triggers used the old timezone) and holds new ones until this transaction commits, so the
-- rebuild sees every committed ticket and later writes see the new timezone. A name PostgreSQL
-- does not know is refused here, with the settings change, rather than failing every later write.
CREATE FUNCTION "settings_timezone_rebuild_stats"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM now() AT TIME ZONE NEW."timezone";
  LOCK TABLE "tickets" IN SHARE MODE;
  PERFORM "ticket_stats_rebuild"();
  RETURN NULL;
END $$;

CREATE TRIGGER "tickets_stats_insert" AFTER INSERT ON "tickets"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tickets_stats_on_insert"();
CREATE TRIGGER "tickets_stats_delete" AFTER DELETE ON "tickets"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "tickets_stats_on_delete"();
CREATE TRIGGER "tickets_stats_update" AFTER UPDATE ON "tickets"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tickets_stats_on_update"();
CREATE TRIGGER "tickets_stats_truncate" AFTER TRUNCATE ON "tickets"
  FOR EACH STATEMENT EXECUTE FUNCTION "tickets_stats_on_truncate"();
CREATE TRIGGER "settings_timezone_update" AFTER UPDATE OF "timezone" ON "settings"
  FOR EACH ROW WHEN (OLD."timezone" IS DISTINCT FROM NEW."timezone") EXECUTE FUNCTION "settings_timezone_rebuild_stats"();
CREATE TRIGGER "settings_timezone_insert" AFTER INSERT ON "settings"
  FOR EACH ROW EXECUTE FUNCTION "settings_timezone_rebuild_stats"();

SELECT "ticket_stats_rebuild"();
