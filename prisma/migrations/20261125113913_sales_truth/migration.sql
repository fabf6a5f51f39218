-- AlterTable
ALTER TABLE "ticket_counters" ADD COLUMN     "sold" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "voided" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "ticket_daily_stats" DROP COLUMN "registered",
ADD COLUMN     "sold" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "tickets" ADD COLUMN     "payment_id" UUID,
ADD COLUMN     "void_note" TEXT,
ADD COLUMN     "void_reason" TEXT,
ADD COLUMN     "voided_at" TIMESTAMPTZ(3),
ADD COLUMN     "voided_by_id" UUID;

-- CreateTable
CREATE TABLE "payments" (
    "id" UUID NOT NULL,
    "method" TEXT NOT NULL,
    "reference" TEXT,
    "reference_normalized" TEXT,
    "gcash_reference_key" TEXT,
    "amount_expected" DECIMAL(12,2) NOT NULL,
    "payer_name" TEXT,
    "payer_phone" TEXT,
    "collected_by_id" UUID,
    "collected_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status" TEXT NOT NULL DEFAULT 'claimed',
    "reference_clash" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ticket_seller_stats" (
    "seller" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "sold" INTEGER NOT NULL DEFAULT 0,
    "amount" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "cash_amount" DECIMAL(14,2) NOT NULL DEFAULT 0,

    CONSTRAINT "ticket_seller_stats_pkey" PRIMARY KEY ("seller","slot")
);

-- CreateIndex
CREATE UNIQUE INDEX "payments_gcash_reference_key_key" ON "payments"("gcash_reference_key");

-- CreateIndex
CREATE INDEX "payments_reference_normalized_idx" ON "payments"("reference_normalized");

-- CreateIndex
CREATE INDEX "payments_collected_by_id_idx" ON "payments"("collected_by_id");

-- CreateIndex
CREATE INDEX "tickets_payment_id_idx" ON "tickets"("payment_id");

-- AddForeignKey
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_voided_by_id_fkey" FOREIGN KEY ("voided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_collected_by_id_fkey" FOREIGN KEY ("collected_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Hand-written below: payments, voids and the sold figures (docs/decisions/050-payments.md,
-- 051-voids.md, docs/figures.md).

-- A reference's letters and digits, upper case ("1001 543 610110" -> 1001543610110); NULL when
-- nothing is left. lib/payments.ts normalizes the same way (a test compares the two).
CREATE FUNCTION "payment_reference_normalize"(ref TEXT) RETURNS TEXT
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT nullif(upper(regexp_replace(coalesce(ref, ''), '[^A-Za-z0-9]', '', 'g')), '') $$;

-- An instant as the API writes it (JavaScript's toISOString): ticket rows are read in that shape.
CREATE FUNCTION "iso_utc"(ts TIMESTAMPTZ) RETURNS TEXT
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

ALTER TABLE "payments" ALTER COLUMN "id" SET DEFAULT gen_random_uuid();

-- 1. The rollups count sold tickets (registered and not voided) for money; stock figures keep
-- every ticket. Groups gain two dimensions: sold or not, and the seller (registered_by_id).
DROP FUNCTION "ticket_stats_apply"(BIGINT[], TIMESTAMPTZ[], TIMESTAMPTZ[], TEXT[], NUMERIC[], TEXT[]);
CREATE FUNCTION "ticket_stats_apply"(counts BIGINT[], created TIMESTAMPTZ[], registered TIMESTAMPTZ[],
  methods TEXT[], amounts NUMERIC[], creators TEXT[], sold BOOLEAN[], sellers TEXT[]) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  tz TEXT := "raffle_timezone"();
  s INT := (pg_current_xact_id()::text::bigint % 8)::int;
BEGIN
  IF counts IS NULL OR cardinality(counts) = 0 THEN RETURN; END IF;

  INSERT INTO "ticket_daily_stats" AS d ("day", "method", "slot", "generated", "generated_registered", "sold", "revenue")
  SELECT c."day", c."method", s, sum(c.g), sum(c.gr), sum(c.so), sum(c.v)
  FROM (
    SELECT (x.c AT TIME ZONE tz)::date AS "day", x.m AS "method", x.n AS g,
           CASE WHEN x.rg IS NULL THEN 0 ELSE x.n END AS gr, 0 AS so, 0::numeric AS v
    FROM unnest(counts, created, registered, methods) AS x(n, c, rg, m)
    UNION ALL
    SELECT (x.rg AT TIME ZONE tz)::date, x.m, 0, 0, x.n, x.a
    FROM unnest(counts, registered, methods, amounts, sold) AS x(n, rg, m, a, so)
    WHERE x.rg IS NOT NULL AND x.so
  ) AS c
  GROUP BY c."day", c."method"
  HAVING sum(c.g) <> 0 OR sum(c.gr) <> 0 OR sum(c.so) <> 0 OR sum(c.v) <> 0
  ORDER BY c."day", c."method"
  ON CONFLICT ("day", "method", "slot") DO UPDATE SET
    "generated" = d."generated" + excluded."generated",
    "generated_registered" = d."generated_registered" + excluded."generated_registered",
    "sold" = d."sold" + excluded."sold",
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
           CASE WHEN x.so THEN x.a ELSE 0 END AS v
    FROM unnest(counts, registered, amounts, creators, sold) AS x(n, rg, a, e, so)
  ) AS c
  GROUP BY c.e
  HAVING sum(c.n) <> 0 OR sum(c.r) <> 0 OR sum(c.v) <> 0
  ORDER BY c.e
  ON CONFLICT ("creator", "slot") DO UPDATE SET
    "tickets" = k."tickets" + excluded."tickets",
    "registered" = k."registered" + excluded."registered",
    "revenue" = k."revenue" + excluded."revenue";

  INSERT INTO "ticket_seller_stats" AS k ("seller", "slot", "sold", "amount", "cash_amount")
  SELECT coalesce(x.sl, ''), s, sum(x.n), sum(x.a), sum(CASE WHEN x.m = 'cash' THEN x.a ELSE 0 END)
  FROM unnest(counts, amounts, methods, sold, sellers) AS x(n, a, m, so, sl)
  WHERE x.so
  GROUP BY 1
  HAVING sum(x.n) <> 0 OR sum(x.a) <> 0
  ORDER BY 1
  ON CONFLICT ("seller", "slot") DO UPDATE SET
    "sold" = k."sold" + excluded."sold",
    "amount" = k."amount" + excluded."amount",
    "cash_amount" = k."cash_amount" + excluded."cash_amount";
END $$;

CREATE OR REPLACE FUNCTION "tickets_stats_on_insert"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ticket_stats_apply"(a.n, a.c, a.r, a.m, a.v, a.e, a.so, a.sl)
  FROM (
    SELECT array_agg(g.n), array_agg(g.c), array_agg(g.r), array_agg(g.m), array_agg(g.v), array_agg(g.e), array_agg(g.so), array_agg(g.sl)
    FROM (
      SELECT count(*) AS n, date_trunc('minute', "created_at") AS c, date_trunc('minute', "registered_at") AS r,
             lower("payment_method") AS m, sum("amount") AS v, "creator_email" AS e,
             ("registered_at" IS NOT NULL AND "voided_at" IS NULL) AS so, "registered_by_id"::text AS sl
      FROM new_rows GROUP BY 2, 3, 4, 6, 7, 8
    ) AS g
  ) AS a(n, c, r, m, v, e, so, sl);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "tickets_stats_on_delete"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ticket_stats_apply"(a.n, a.c, a.r, a.m, a.v, a.e, a.so, a.sl)
  FROM (
    SELECT array_agg(g.n), array_agg(g.c), array_agg(g.r), array_agg(g.m), array_agg(g.v), array_agg(g.e), array_agg(g.so), array_agg(g.sl)
    FROM (
      SELECT -count(*) AS n, date_trunc('minute', "created_at") AS c, date_trunc('minute', "registered_at") AS r,
             lower("payment_method") AS m, -sum("amount") AS v, "creator_email" AS e,
             ("registered_at" IS NOT NULL AND "voided_at" IS NULL) AS so, "registered_by_id"::text AS sl
      FROM old_rows GROUP BY 2, 3, 4, 6, 7, 8
    ) AS g
  ) AS a(n, c, r, m, v, e, so, sl);
  RETURN NULL;
END $$;

-- Only rows whose counted columns changed: the old version comes out, the new one goes in.
CREATE OR REPLACE FUNCTION "tickets_stats_on_update"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ticket_stats_apply"(a.n, a.c, a.r, a.m, a.v, a.e, a.so, a.sl)
  FROM (
    SELECT array_agg(g.n), array_agg(g.c), array_agg(g.r), array_agg(g.m), array_agg(g.v), array_agg(g.e), array_agg(g.so), array_agg(g.sl)
    FROM (
      SELECT sum(d.sg) AS n, date_trunc('minute', d.c) AS c, date_trunc('minute', d.r) AS r, lower(d.m) AS m,
             sum(d.sg * d.v) AS v, d.e, d.so, d.sl
      FROM old_rows o
      JOIN new_rows n ON n."id" = o."id"
      CROSS JOIN LATERAL (VALUES
        (-1, o."created_at", o."registered_at", o."payment_method", o."amount", o."creator_email",
             o."registered_at" IS NOT NULL AND o."voided_at" IS NULL, o."registered_by_id"::text),
        (1, n."created_at", n."registered_at", n."payment_method", n."amount", n."creator_email",
             n."registered_at" IS NOT NULL AND n."voided_at" IS NULL, n."registered_by_id"::text)
      ) AS d(sg, c, r, m, v, e, so, sl)
      WHERE (o."created_at", o."registered_at", lower(o."payment_method"), o."amount", o."creator_email", o."voided_at" IS NULL, o."registered_by_id")
        IS DISTINCT FROM (n."created_at", n."registered_at", lower(n."payment_method"), n."amount", n."creator_email", n."voided_at" IS NULL, n."registered_by_id")
      GROUP BY 2, 3, 4, 6, 7, 8
    ) AS g
  ) AS a(n, c, r, m, v, e, so, sl);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "tickets_stats_on_truncate"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ticket_daily_stats";
  DELETE FROM "ticket_hourly_stats";
  DELETE FROM "ticket_creator_stats";
  DELETE FROM "ticket_seller_stats";
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "ticket_stats_rebuild"() RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ticket_daily_stats";
  DELETE FROM "ticket_hourly_stats";
  DELETE FROM "ticket_creator_stats";
  DELETE FROM "ticket_seller_stats";
  PERFORM "ticket_stats_apply"(a.n, a.c, a.r, a.m, a.v, a.e, a.so, a.sl)
  FROM (
    SELECT array_agg(g.n), array_agg(g.c), array_agg(g.r), array_agg(g.m), array_agg(g.v), array_agg(g.e), array_agg(g.so), array_agg(g.sl)
    FROM (
      SELECT count(*) AS n, date_trunc('minute', "created_at") AS c, date_trunc('minute', "registered_at") AS r,
             lower("payment_method") AS m, sum("amount") AS v, "creator_email" AS e,
             ("registered_at" IS NOT NULL AND "voided_at" IS NULL) AS so, "registered_by_id"::text AS sl
      FROM "tickets" GROUP BY 2, 3, 4, 6, 7, 8
    ) AS g
  ) AS a(n, c, r, m, v, e, so, sl);
END $$;

-- The counters: every ticket, registered (voided included), sold, voided, and the sold revenue.
DROP FUNCTION "ticket_counters_add"(BIGINT, BIGINT, NUMERIC);
CREATE FUNCTION "ticket_counters_add"(d_total BIGINT, d_registered BIGINT, d_sold BIGINT, d_voided BIGINT, d_revenue NUMERIC)
  RETURNS VOID LANGUAGE sql
  AS $$ UPDATE "ticket_counters" SET "total" = "total" + d_total, "registered" = "registered" + d_registered,
          "sold" = "sold" + d_sold, "voided" = "voided" + d_voided, "revenue" = "revenue" + d_revenue
        WHERE "slot" = (pg_current_xact_id()::text::bigint % 16)::int $$;

CREATE OR REPLACE FUNCTION "tickets_counters_on_insert"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE t BIGINT; r BIGINT; so BIGINT; vo BIGINT; v NUMERIC;
BEGIN
  SELECT count(*), count("registered_at"), count(*) FILTER (WHERE "registered_at" IS NOT NULL AND "voided_at" IS NULL),
         count("voided_at"), coalesce(sum("amount") FILTER (WHERE "registered_at" IS NOT NULL AND "voided_at" IS NULL), 0)
    INTO t, r, so, vo, v FROM new_rows;
  IF t <> 0 THEN PERFORM "ticket_counters_add"(t, r, so, vo, v); END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "tickets_counters_on_delete"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE t BIGINT; r BIGINT; so BIGINT; vo BIGINT; v NUMERIC;
BEGIN
  SELECT count(*), count("registered_at"), count(*) FILTER (WHERE "registered_at" IS NOT NULL AND "voided_at" IS NULL),
         count("voided_at"), coalesce(sum("amount") FILTER (WHERE "registered_at" IS NOT NULL AND "voided_at" IS NULL), 0)
    INTO t, r, so, vo, v FROM old_rows;
  IF t <> 0 THEN PERFORM "ticket_counters_add"(-t, -r, -so, -vo, -v); END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "tickets_counters_on_update"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE r BIGINT; so BIGINT; vo BIGINT; v NUMERIC;
BEGIN
  SELECT n.r - o.r, n.so - o.so, n.vo - o.vo, n.v - o.v INTO r, so, vo, v
  FROM (SELECT count("registered_at") AS r, count(*) FILTER (WHERE "registered_at" IS NOT NULL AND "voided_at" IS NULL) AS so,
               count("voided_at") AS vo, coalesce(sum("amount") FILTER (WHERE "registered_at" IS NOT NULL AND "voided_at" IS NULL), 0) AS v
        FROM new_rows) n,
       (SELECT count("registered_at") AS r, count(*) FILTER (WHERE "registered_at" IS NOT NULL AND "voided_at" IS NULL) AS so,
               count("voided_at") AS vo, coalesce(sum("amount") FILTER (WHERE "registered_at" IS NOT NULL AND "voided_at" IS NULL), 0) AS v
        FROM old_rows) o;
  IF r <> 0 OR so <> 0 OR vo <> 0 OR v <> 0 THEN PERFORM "ticket_counters_add"(0, r, so, vo, v); END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "tickets_counters_on_truncate"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ticket_counters" SET "total" = 0, "registered" = 0, "sold" = 0, "voided" = 0, "revenue" = 0;
  RETURN NULL;
END $$;

-- 2. Backfill. Registered tickets whose seller was never recorded (the edit path did not record
-- it) are credited to their creator. Then one payment per sale: tickets of one buyer (name and
-- phone) sharing a reference share a payment; a ticket with no reference gets its own.
UPDATE "tickets" SET "registered_by_id" = "created_by_id"
WHERE "registered_at" IS NOT NULL AND "registered_by_id" IS NULL;

CREATE TEMP TABLE "_sold" ON COMMIT DROP AS
SELECT t."id" AS ticket_id, t."amount", t."registered_at", m.method, r.ref,
       "payment_reference_normalize"(r.ref) AS ref_norm, t."buyer_name", t."phone_number",
       t."registered_by_id" AS seller,
       CASE WHEN "payment_reference_normalize"(r.ref) IS NULL THEN t."id"::text
            ELSE m.method || '|' || "payment_reference_normalize"(r.ref) || '|' || lower(btrim(t."buyer_name"))
                 || '|' || coalesce(t."phone_number", '') END AS group_key
FROM "tickets" t
CROSS JOIN LATERAL (
  SELECT CASE WHEN x.m IN ('cash', 'gcash', 'bank_transfer') THEN x.m ELSE 'cash' END AS method
  FROM (SELECT regexp_replace(lower(btrim(t."payment_method")), '[\s-]+', '_', 'g') AS m) x
) m
CROSS JOIN LATERAL (
  SELECT CASE WHEN m.method = 'gcash' THEN coalesce(nullif(btrim(t."gcash_reference"), ''), t."payment_reference")
              ELSE t."payment_reference" END AS ref
) r
WHERE t."registered_at" IS NOT NULL;

CREATE TEMP TABLE "_groups" ON COMMIT DROP AS
SELECT group_key, gen_random_uuid() AS payment_id, min(method) AS method, min(ref) AS ref, min(ref_norm) AS ref_norm,
       sum("amount") AS amount, min("buyer_name") AS payer_name, min("phone_number") AS payer_phone,
       (array_agg(seller ORDER BY "registered_at", ticket_id))[1] AS seller, min("registered_at") AS collected_at,
       false AS clash
FROM "_sold" GROUP BY group_key;

-- One GCash reference held by two buyers' payments: the earliest keeps it, the others are clashes
-- for an administrator to look at (never merged).
UPDATE "_groups" g SET clash = true
FROM (SELECT payment_id, row_number() OVER (PARTITION BY ref_norm ORDER BY collected_at, payment_id) AS n
      FROM "_groups" WHERE method = 'gcash' AND ref_norm IS NOT NULL) r
WHERE r.payment_id = g.payment_id AND r.n > 1;

INSERT INTO "payments" ("id", "method", "reference", "reference_normalized", "gcash_reference_key", "amount_expected",
  "payer_name", "payer_phone", "collected_by_id", "collected_at", "reference_clash", "created_at")
SELECT payment_id, method, ref, ref_norm, CASE WHEN method = 'gcash' AND NOT clash THEN ref_norm END, amount,
  payer_name, payer_phone, seller, collected_at, clash, collected_at
FROM "_groups";

UPDATE "tickets" t SET
  "payment_id" = g.payment_id,
  "payment_method" = g.method,
  "gcash_reference" = CASE WHEN g.method = 'gcash' THEN coalesce(g.ref_norm, t."gcash_reference") ELSE t."gcash_reference" END
FROM "_sold" s JOIN "_groups" g ON g.group_key = s.group_key
WHERE t."id" = s.ticket_id;

-- 3. The rules the schema language cannot say.
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK ("method" IN ('cash', 'gcash', 'bank_transfer'));
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("status" IN ('claimed', 'verified', 'rejected'));
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_check" CHECK ("amount_expected" >= 0);
ALTER TABLE "payments" ADD CONSTRAINT "payments_reference_normalized_check"
  CHECK ("reference_normalized" IS NULL OR "reference_normalized" ~ '^[0-9A-Z]+$');
-- The unique key is exactly the normalized reference of a GCash payment that is not a migration clash.
ALTER TABLE "payments" ADD CONSTRAINT "payments_gcash_reference_key_check"
  CHECK ("gcash_reference_key" IS NOT DISTINCT FROM CASE WHEN "method" = 'gcash' AND NOT "reference_clash" THEN "reference_normalized" END);

-- A ticket is sold through a payment exactly when it is registered.
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_payment_iff_registered" CHECK (("registered_at" IS NULL) = ("payment_id" IS NULL));
-- A void has a time and a reason from the list, together; 'other' needs a note of 10 characters or more.
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_void_reason_with_time" CHECK (("voided_at" IS NULL) = ("void_reason" IS NULL));
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_void_reason_check" CHECK ("void_reason" IS NULL OR "void_reason" IN
  ('spoiled_misprint', 'lost_stub', 'payment_failed', 'duplicate_sale', 'refunded', 'ineligible_buyer', 'other'));
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_void_note_check"
  CHECK ("void_reason" IS DISTINCT FROM 'other' OR length(btrim(coalesce("void_note", ''))) >= 10);
CREATE INDEX "tickets_voided_at_idx" ON "tickets" ("voided_at" DESC, "ticket_number") WHERE "voided_at" IS NOT NULL;

-- A voided ticket keeps its number and its sale: nothing about it may change and it cannot be
-- deleted. Only an unvoid (which sets raffle.unvoid for its own transaction) may clear the void.
CREATE FUNCTION "tickets_void_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Ticket % is void and keeps its number', OLD."control_number" USING ERRCODE = 'RF001';
  END IF;
  IF NEW."voided_at" IS NULL AND coalesce(current_setting('raffle.unvoid', true), '') <> 'on' THEN
    RAISE EXCEPTION 'Ticket % is void: only an unvoid may clear it', OLD."control_number" USING ERRCODE = 'RF001';
  END IF;
  IF (NEW."ticket_number", NEW."control_number", NEW."buyer_name", NEW."phone_number", NEW."email", NEW."address",
      NEW."payment_method", NEW."gcash_reference", NEW."payment_reference", NEW."status", NEW."amount", NEW."payment_id",
      NEW."registered_at", NEW."registered_by_id", NEW."created_by_id", NEW."creator_email")
     IS DISTINCT FROM
     (OLD."ticket_number", OLD."control_number", OLD."buyer_name", OLD."phone_number", OLD."email", OLD."address",
      OLD."payment_method", OLD."gcash_reference", OLD."payment_reference", OLD."status", OLD."amount", OLD."payment_id",
      OLD."registered_at", OLD."registered_by_id", OLD."created_by_id", OLD."creator_email") THEN
    RAISE EXCEPTION 'Ticket % is void', OLD."control_number" USING ERRCODE = 'RF001';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "tickets_void_guard_update" BEFORE UPDATE ON "tickets"
  FOR EACH ROW WHEN (OLD."voided_at" IS NOT NULL) EXECUTE FUNCTION "tickets_void_guard"();
CREATE TRIGGER "tickets_void_guard_delete" BEFORE DELETE ON "tickets"
  FOR EACH ROW WHEN (OLD."voided_at" IS NOT NULL) EXECUTE FUNCTION "tickets_void_guard"();

-- Everything recounted from the tickets as they now are.
UPDATE "ticket_counters" SET "total" = 0, "registered" = 0, "sold" = 0, "voided" = 0, "revenue" = 0;
UPDATE "ticket_counters" SET
  "total" = (SELECT count(*) FROM "tickets"),
  "registered" = (SELECT count("registered_at") FROM "tickets"),
  "sold" = (SELECT count(*) FROM "tickets" WHERE "registered_at" IS NOT NULL AND "voided_at" IS NULL),
  "voided" = (SELECT count("voided_at") FROM "tickets"),
  "revenue" = (SELECT coalesce(sum("amount") FILTER (WHERE "registered_at" IS NOT NULL AND "voided_at" IS NULL), 0) FROM "tickets")
WHERE "slot" = 0;
SELECT "ticket_stats_rebuild"();
