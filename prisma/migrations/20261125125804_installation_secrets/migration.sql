-- CreateTable
CREATE TABLE "installation_secrets" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "installation_secrets_pkey" PRIMARY KEY ("name")
);

-- Hand-written: a key, once made, is never changed or removed by the app (a verify code or a signed
-- certificate made with it must keep verifying). Rotating one is an operator's job (docs/decisions/052).
CREATE FUNCTION "installation_secrets_immutable"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'installation_secrets are written once';
END $$;
CREATE TRIGGER "installation_secrets_no_update_or_delete" BEFORE UPDATE OR DELETE ON "installation_secrets"
  FOR EACH ROW EXECUTE FUNCTION "installation_secrets_immutable"();
