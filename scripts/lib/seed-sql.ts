// The SQL behind `npm run db:seed`: staff users, then tickets generated set-wise in SQL.

const FIRST_NAMES = [
  "Jose",
  "Maria",
  "Juan",
  "Ana",
  "Mark",
  "Kristine",
  "John Paul",
  "Mary Grace",
  "Angelo",
  "Jasmine",
  "Christian",
  "Angelica",
  "Rodel",
  "Maricel",
  "Jerome",
  "Lovely",
  "Ramil",
  "Rowena",
  "Arnel",
  "Cherry",
  "Noel",
  "Jocelyn",
  "Raymond",
  "Marites",
  "Dennis",
  "Liza",
  "Edgardo",
  "Rosalie",
  "Rommel",
  "Gemma",
  "Paolo",
  "Bea",
  "Miguel",
  "Camille",
  "Carlo",
  "Patricia",
  "Renato",
  "Divina",
  "Efren",
  "Imelda",
];
const LAST_NAMES = [
  "Santos",
  "Reyes",
  "Cruz",
  "Bautista",
  "Ocampo",
  "Garcia",
  "Mendoza",
  "Torres",
  "Tomas",
  "Andrada",
  "Castillo",
  "Flores",
  "Villanueva",
  "Ramos",
  "Castro",
  "Rivera",
  "Aquino",
  "Navarro",
  "Salazar",
  "Mercado",
  "Dela Cruz",
  "De Leon",
  "Gonzales",
  "Lopez",
  "Manalo",
  "Pascual",
  "Soriano",
  "Valdez",
  "Dizon",
  "Aguilar",
];
const PLACES = [
  "Quezon City",
  "Makati City",
  "Pasig City",
  "Taguig City",
  "Manila",
  "Caloocan City",
  "Marikina City",
  "Antipolo, Rizal",
  "Bacoor, Cavite",
  "Calamba, Laguna",
  "San Fernando, Pampanga",
  "Malolos, Bulacan",
  "Cebu City",
  "Davao City",
  "Iloilo City",
  "Baguio City",
  "Batangas City",
  "Lipa, Batangas",
];
const MOBILE_PREFIXES = [
  "917",
  "918",
  "919",
  "920",
  "921",
  "927",
  "928",
  "929",
  "935",
  "945",
  "947",
  "956",
  "961",
  "966",
  "977",
  "995",
  "998",
  "999",
];

export const SEED_STAFF = [
  { email: "admin@example.com", name: "Raffle Administrator", admin: true },
  { email: "treasurer@example.com", name: "Liza Manalo", admin: true },
  { email: "maricel.santos@example.com", name: "Maricel Santos", admin: false },
  { email: "jerome.reyes@example.com", name: "Jerome Reyes", admin: false },
  { email: "angelica.cruz@example.com", name: "Angelica Cruz", admin: false },
  { email: "rommel.garcia@example.com", name: "Rommel Garcia", admin: false },
  { email: "gemma.villanueva@example.com", name: "Gemma Villanueva", admin: false },
  { email: "paolo.aquino@example.com", name: "Paolo Aquino", admin: false },
];

/** The GIN trigram indexes of the tickets table, exactly as the migrations create them. */
export const TRIGRAM_INDEXES = [
  { name: "tickets_buyer_name_trgm_idx", column: "buyer_name" },
  { name: "tickets_email_trgm_idx", column: "email" },
  { name: "tickets_phone_number_trgm_idx", column: "phone_number" },
  { name: "tickets_control_number_trgm_idx", column: "control_number" },
];

/** What seedTickets needs of a script runner (server/db/client.ts's openScriptRunner). */
interface SeedRunner {
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

/**
 * Inserts the seed's tickets inside the caller's transaction. From `bulkFrom` rows on, the trigram
 * indexes are dropped and built once after the insert (several times faster than row by row),
 * each from its own definition as the database reports it (`pg_get_indexdef`), so its storage
 * options come back too: a bare CREATE INDEX lost decision 215's 256 kB pending-list cap, and
 * searches after a few thousand registrations then rescanned a 4 MB pending list (decision 252).
 */
export async function seedTickets(runner: SeedRunner, options: SeedOptions & { bulkFrom?: number }) {
  const { bulkFrom = 5000, ...seedOptions } = options;
  const bulk = seedOptions.count >= bulkFrom;
  const definitions = bulk
    ? await runner.query<{ name: string; definition: string }>(
        `SELECT c.relname AS name, pg_get_indexdef(c.oid) AS definition FROM pg_class c
          WHERE c.relname = ANY ($1::text[]) AND c.relkind = 'i' ORDER BY c.relname`,
        [TRIGRAM_INDEXES.map((i) => i.name)],
      )
    : [];
  if (bulk && definitions.length !== TRIGRAM_INDEXES.length)
    throw new Error(`expected the ${TRIGRAM_INDEXES.length} trigram indexes of tickets, found ${definitions.length}`);
  if (bulk) await runner.exec(definitions.map((i) => `DROP INDEX "${i.name}";`).join("\n"));
  await runner.exec(buildSeedSql(seedOptions));
  if (bulk) await runner.exec(definitions.map((i) => `${i.definition};`).join("\n"));
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (items: string[]) => `ARRAY[${items.map(lit).join(",")}]::text[]`;

export interface SeedOptions {
  first: number;
  count: number;
  registeredShare: number;
  days: number;
  seed: number;
}

export function buildSeedSql({ first, count, registeredShare, days, seed }: SeedOptions): string {
  const staffValues = SEED_STAFF.map(
    (s) => `(gen_random_uuid(), ${lit(s.email)}, ${lit(s.name)}, ${s.admin}, now(), now())`,
  ).join(",\n  ");
  const last = first + count - 1;
  return (
    `
SELECT setseed(${seed});

INSERT INTO users (id, email, display_name, is_admin, created_at, updated_at) VALUES
  ${staffValues}
ON CONFLICT (email) DO NOTHING;

CREATE TEMP TABLE seed_staff ON COMMIT DROP AS
  SELECT row_number() OVER (ORDER BY email) - 1 AS idx, id, email, display_name
  FROM users WHERE email IN (${SEED_STAFF.map((s) => lit(s.email)).join(", ")});

-- Sold tickets are written with their payment in the same statement (the database ties a
-- registration to a payment); the seller is a staff member drawn apart from the creator.
-- A fixture generator, set-wise for speed: the app itself sells only through the registration rule.
WITH src AS (
  SELECT g.n, r.*, v.*, s.id AS creator_id, s.email AS creator_email, s.display_name AS creator_name, sel.id AS ` +
    `seller_id,
         CASE WHEN r.reg THEN gen_random_uuid() END AS payment_id
  FROM generate_series(${first}, ${last}) AS g(n)
  CROSS JOIN LATERAL (
    SELECT random() < ${registeredShare} AS reg, random() AS mid, random() AS ph, random() AS em, random() AS ad,
           random() AS src, random() AS lag, random() AS pay, random() AS who, random() AS sells,
           random() AS f, random() AS l, random() AS p, random() AS pp,
           -- Day weighted towards recent weeks; hour weighted to 8:00-21:00 Manila time.
           power(random(), 1.6) AS age, 8 + floor(random() * 13)::int AS hour, floor(random() * 60)::int AS minute
    WHERE g.n IS NOT NULL
  ) AS r
  CROSS JOIN LATERAL (
    SELECT (${arr(FIRST_NAMES)})[1 + floor(r.f * ${FIRST_NAMES.length})::int] AS fn,
           (${arr(LAST_NAMES)})[1 + floor(r.l * ${LAST_NAMES.length})::int] AS ln,
           (${arr(PLACES)})[1 + floor(r.p * ${PLACES.length})::int] AS place,
           (${arr(MOBILE_PREFIXES)})[1 + floor(r.pp * ${MOBILE_PREFIXES.length})::int] AS pfx,
           CASE WHEN r.pay < 0.6 THEN 'cash' WHEN r.pay < 0.9 THEN 'gcash' ELSE 'bank_transfer' END AS pm,
           LEAST(now() - interval '1 minute', (date_trunc('day', now() AT TIME ZONE 'Asia/Manila') - ` +
    `make_interval(days => floor(r.age * ${days})::int)
             + make_interval(hours => r.hour, mins => r.minute)) AT TIME ZONE 'Asia/Manila') AS created
  ) AS v
  JOIN seed_staff s ON s.idx = floor(r.who * ${SEED_STAFF.length})::int
  JOIN seed_staff sel ON sel.idx = floor(r.sells * ${SEED_STAFF.length})::int
), t AS (
  INSERT INTO tickets (id, control_number, ticket_number, buyer_name, phone_number, email, address,
    payment_method, gcash_reference, payment_reference, status, amount, user_id, created_by_id,
    creator_email, creator_name, creation_source, event_name, registered_at, registered_by_id, payment_id, ` +
    `created_at, updated_at)
  SELECT gen_random_uuid(),
         (SELECT ticket_prefix FROM settings WHERE id = 1) || '-' || lpad((floor(mid * 1000))::int::text, 3, '0') || ` +
    `'-' || lpad(n::text, 5, '0'),
         n,
         CASE WHEN reg THEN fn || ' ' || ln END,
         CASE WHEN reg THEN pfx || lpad((floor(ph * 10000000))::int::text, 7, '0') END,
         CASE WHEN reg AND em < 0.55 THEN lower(replace(fn, ' ', '')) || '.' || lower(replace(ln, ' ', '')) || (n % ` +
    `97) || '@gmail.com' END,
         CASE WHEN reg AND ad < 0.7 THEN place END,
         pm,
         -- A real GCash reference has 13 digits; the ticket number keeps it unique.
         CASE WHEN pm = 'gcash' THEN '1001' || lpad(n::text, 9, '0') END,
         -- The whole ticket number, so no two seeded references are alike (with n % 1000 two tickets
         -- created in the same second shared one, and registering the second asked to confirm reuse).
         CASE WHEN pm = 'cash' THEN 'CASH_PAYMENT_' ELSE 'REF_' END || (extract(epoch FROM created)::bigint * 100000 ` +
    `+ n),
         'active', 50, creator_email, creator_id, creator_email, creator_name,
         CASE WHEN src < 0.35 THEN 'app' ELSE 'web' END,
         'Batch 2000 Raffle',
         CASE WHEN reg THEN created + make_interval(mins => floor(lag * 90)::int) END,
         CASE WHEN reg THEN seller_id END,
         payment_id,
         created,
         CASE WHEN reg THEN created + make_interval(mins => floor(lag * 90)::int) ELSE created END
  FROM src
  RETURNING payment_id, payment_method, gcash_reference, payment_reference, amount, buyer_name, phone_number, ` +
    `registered_by_id, registered_at
)
INSERT INTO payments (id, method, reference, reference_normalized, gcash_reference_key, amount_expected, payer_name, ` +
    `payer_phone,
  collected_by_id, collected_at, created_at)
SELECT payment_id, payment_method, CASE WHEN payment_method = 'gcash' THEN gcash_reference ELSE payment_reference ` +
    `END,
       payment_reference_normalize(CASE WHEN payment_method = 'gcash' THEN gcash_reference ELSE payment_reference ` +
    `END),
       CASE WHEN payment_method = 'gcash' THEN payment_reference_normalize(gcash_reference) END,
       amount, buyer_name, phone_number, registered_by_id, registered_at, registered_at
FROM t WHERE payment_id IS NOT NULL;
`
  );
}
