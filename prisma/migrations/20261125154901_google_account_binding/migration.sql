-- AlterTable
ALTER TABLE "users" ADD COLUMN     "google_sub" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "users_google_sub_key" ON "users"("google_sub");

-- One-way: a bound Google account is never replaced by another; only an administrator's reset
-- (back to NULL) lets the next Google sign-in bind again (docs/decisions/065).
CREATE FUNCTION "users_google_sub_stays_bound"() RETURNS TRIGGER
  LANGUAGE plpgsql
  AS $$ BEGIN
    IF OLD.google_sub IS NOT NULL AND NEW.google_sub IS NOT NULL AND NEW.google_sub <> OLD.google_sub THEN
      RAISE EXCEPTION 'users.google_sub is bound to another Google account: reset it first' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END $$;
CREATE TRIGGER "users_google_sub_bound" BEFORE UPDATE OF "google_sub" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_google_sub_stays_bound"();
