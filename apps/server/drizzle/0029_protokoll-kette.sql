-- Issue 31 item 2: an audit log nobody can bend. The entries are chained (each hashes its fields with the previous
-- entry's hash, numbered under the lock of the chain's end), the trigger no longer honours a session flag alone
-- (only the table owner's own functions for retention and erasure may change rows), and dihs_laufzeitrechte(role)
-- gives a separate runtime role what the application needs: INSERT and SELECT on the log, no more
-- (docs/operations.md "Database roles", docs/decisions.md "Issue 31 item 2").
CREATE TABLE "zugriffsprotokoll_kette" (
	"stelle" text PRIMARY KEY NOT NULL,
	"nr" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zugriffsprotokoll" ADD COLUMN "kette_nr" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "zugriffsprotokoll" ADD COLUMN "akteur_siegel" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "zugriffsprotokoll" ADD COLUMN "patient_siegel" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "zugriffsprotokoll" ADD COLUMN "kette" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The seal of a person field: while the person is named, the column holds a random salt and the seal is
-- sha256(salt, value); once erased (value null), the column holds the seal itself. Written out again in
-- modules/protokoll/protokoll-kette.ts, which verifies without trusting these functions.
CREATE FUNCTION zugriffsprotokoll_siegel(gespeichert text, wert text) RETURNS text
  LANGUAGE sql IMMUTABLE SET search_path = pg_catalog AS $$
  SELECT CASE WHEN wert IS NULL THEN gespeichert
    ELSE encode(sha256(convert_to(gespeichert || E'\n' || wert, 'UTF8')), 'hex') END
$$;
--> statement-breakpoint
CREATE FUNCTION zugriffsprotokoll_akteur_wert(akteur integer, adresse text) RETURNS text
  LANGUAGE sql IMMUTABLE SET search_path = pg_catalog AS $$
  SELECT CASE WHEN akteur IS NULL AND adresse IS NULL THEN NULL
    ELSE coalesce(akteur::text, '\N') || E'\n' || coalesce(adresse, '\N') END
$$;
--> statement-breakpoint
-- One link of the chain: sha256 over the previous hash and the entry's fields, one per line, the time in microseconds
-- since 1970 (independent of the session's time zone and date style).
CREATE FUNCTION zugriffsprotokoll_kettenglied(vorher text, e zugriffsprotokoll) RETURNS text
  LANGUAGE sql STABLE SET search_path = public, pg_catalog AS $$
  SELECT encode(sha256(convert_to(concat_ws(E'\n',
    vorher, e.kette_nr::text, e.id::text, (extract(epoch FROM e.zeitpunkt) * 1000000)::bigint::text,
    e.akteur_rolle, e.art, e.aktion, coalesce(e.datensatz_id::text, '\N'), e.endpunkt, e.ergebnis, e.status::text,
    zugriffsprotokoll_siegel(e.akteur_siegel, zugriffsprotokoll_akteur_wert(e.akteur_user_id, e.adresse)),
    zugriffsprotokoll_siegel(e.patient_siegel, e.patient_user_id::text)), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Backfill: the existing entries in id order, anonymised ones sealed as erased.
DO $$
DECLARE
  eintrag zugriffsprotokoll;
  vorher text := '';
  letzte bigint := 0;
BEGIN
  PERFORM set_config('dihs.protokoll_pflege', 'an', true);
  UPDATE zugriffsprotokoll SET kette_nr = n.nr,
    akteur_siegel = CASE WHEN zugriffsprotokoll_akteur_wert(akteur_user_id, adresse) IS NULL THEN ''
      ELSE gen_random_uuid()::text END,
    patient_siegel = CASE WHEN patient_user_id IS NULL THEN '' ELSE gen_random_uuid()::text END
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS nr FROM zugriffsprotokoll) n
    WHERE n.id = zugriffsprotokoll.id;
  FOR eintrag IN SELECT * FROM zugriffsprotokoll ORDER BY kette_nr LOOP
    vorher := zugriffsprotokoll_kettenglied(vorher, eintrag);
    letzte := eintrag.kette_nr;
    UPDATE zugriffsprotokoll SET kette = vorher WHERE id = eintrag.id;
  END LOOP;
  PERFORM set_config('dihs.protokoll_pflege', '', true);
  INSERT INTO zugriffsprotokoll_kette (stelle, nr, hash) VALUES ('anfang', 0, ''), ('ende', letzte, vorher);
END
$$;
--> statement-breakpoint
CREATE UNIQUE INDEX "zugriffsprotokoll_kette_nr" ON "zugriffsprotokoll" USING btree ("kette_nr");--> statement-breakpoint
-- Numbers and hashes every new entry under the lock of the chain's end, so concurrent inserts of several instances
-- chain one after the other (the lock is held until the inserting transaction ends). SECURITY DEFINER: the runtime
-- role needs no right on the chain's ends; whatever the INSERT carried in these columns is overwritten.
CREATE FUNCTION zugriffsprotokoll_verketten() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_catalog AS $$
DECLARE
  ende zugriffsprotokoll_kette;
BEGIN
  SELECT * INTO STRICT ende FROM zugriffsprotokoll_kette WHERE stelle = 'ende' FOR UPDATE;
  NEW.kette_nr := ende.nr + 1;
  NEW.akteur_siegel := CASE WHEN zugriffsprotokoll_akteur_wert(NEW.akteur_user_id, NEW.adresse) IS NULL THEN ''
    ELSE gen_random_uuid()::text END;
  NEW.patient_siegel := CASE WHEN NEW.patient_user_id IS NULL THEN '' ELSE gen_random_uuid()::text END;
  NEW.kette := zugriffsprotokoll_kettenglied(ende.hash, NEW);
  UPDATE zugriffsprotokoll_kette SET nr = NEW.kette_nr, hash = NEW.kette WHERE stelle = 'ende';
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER zugriffsprotokoll_verketten BEFORE INSERT ON zugriffsprotokoll
  FOR EACH ROW EXECUTE FUNCTION zugriffsprotokoll_verketten();
--> statement-breakpoint
-- The guard: UPDATE and DELETE only with the maintenance flag AND as the table's owner (the owner's functions below
-- run as the owner; a runtime role that sets the flag is still refused, and has no UPDATE or DELETE right anyway).
-- TRUNCATE never: it would cut the chain without an anchor.
CREATE OR REPLACE FUNCTION zugriffsprotokoll_nur_anfuegen() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
BEGIN
  IF TG_OP <> 'TRUNCATE' AND coalesce(current_setting('dihs.protokoll_pflege', true), '') = 'an'
    AND pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = TG_RELID), 'USAGE') THEN
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'Das Zugriffsprotokoll kann nur ergänzt, nicht geändert werden.' USING ERRCODE = '42501';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER zugriffsprotokoll_kette_fest BEFORE UPDATE OR DELETE ON zugriffsprotokoll_kette
  FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION zugriffsprotokoll_nur_anfuegen();
--> statement-breakpoint
CREATE TRIGGER zugriffsprotokoll_kette_kein_leeren BEFORE TRUNCATE ON zugriffsprotokoll_kette
  FOR EACH STATEMENT EXECUTE FUNCTION zugriffsprotokoll_nur_anfuegen();
--> statement-breakpoint
-- Retention, for the owner only: deletes the entries before the first one at or after `vor` in chain order (a later
-- entry with an earlier time stays), and keeps the last deleted entry's number and hash as the chain's anchor.
CREATE FUNCTION zugriffsprotokoll_aufbewahren(vor timestamptz) RETURNS bigint
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_catalog AS $$
DECLARE
  grenze bigint;
  letzte zugriffsprotokoll;
  anzahl bigint;
BEGIN
  SELECT min(kette_nr) INTO grenze FROM zugriffsprotokoll WHERE zeitpunkt >= vor;
  IF grenze IS NULL THEN
    SELECT max(kette_nr) + 1 INTO grenze FROM zugriffsprotokoll;
  END IF;
  SELECT * INTO letzte FROM zugriffsprotokoll WHERE kette_nr < grenze ORDER BY kette_nr DESC LIMIT 1;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  PERFORM set_config('dihs.protokoll_pflege', 'an', true);
  DELETE FROM zugriffsprotokoll WHERE kette_nr <= letzte.kette_nr;
  GET DIAGNOSTICS anzahl = ROW_COUNT;
  UPDATE zugriffsprotokoll_kette SET nr = letzte.kette_nr, hash = letzte.kette WHERE stelle = 'anfang';
  PERFORM set_config('dihs.protokoll_pflege', '', true);
  RETURN anzahl;
END;
$$;
--> statement-breakpoint
-- Patient erasure (callable by the runtime role, inside the erasure's transaction): the entries stay but no longer
-- name the person; each field's salt becomes its seal, so the chain still verifies.
CREATE FUNCTION zugriffsprotokoll_anonymisieren(benutzer integer) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_catalog AS $$
BEGIN
  PERFORM set_config('dihs.protokoll_pflege', 'an', true);
  UPDATE zugriffsprotokoll
    SET patient_siegel = zugriffsprotokoll_siegel(patient_siegel, patient_user_id::text), patient_user_id = NULL
    WHERE patient_user_id = benutzer;
  UPDATE zugriffsprotokoll
    SET akteur_siegel = zugriffsprotokoll_siegel(akteur_siegel, zugriffsprotokoll_akteur_wert(akteur_user_id, adresse)),
      akteur_user_id = NULL, adresse = NULL
    WHERE akteur_user_id = benutzer;
  PERFORM set_config('dihs.protokoll_pflege', '', true);
END;
$$;
--> statement-breakpoint
-- What the runtime role gets, run by the owner at every start (db/runtime-role.ts) so tables of later migrations
-- are included: every table's rows, except the log (INSERT, SELECT) and the chain's ends (SELECT).
CREATE FUNCTION dihs_laufzeitrechte(rolle name) RETURNS void
  LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
BEGIN
  IF pg_has_role(rolle, (SELECT relowner FROM pg_class WHERE oid = 'zugriffsprotokoll'::regclass), 'USAGE') THEN
    RAISE EXCEPTION 'Die Rolle % besitzt die Tabellen (oder hat die Rechte ihres Besitzers); die Anwendung braucht eine eigene Rolle.', rolle
      USING ERRCODE = '42501';
  END IF;
  EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', rolle);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I', rolle);
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO %I', rolle);
  EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON zugriffsprotokoll, zugriffsprotokoll_kette FROM %I', rolle);
  EXECUTE format('REVOKE INSERT ON zugriffsprotokoll_kette FROM %I', rolle);
  EXECUTE format('GRANT EXECUTE ON FUNCTION zugriffsprotokoll_anonymisieren(integer) TO %I', rolle);
END;
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION zugriffsprotokoll_aufbewahren(timestamptz), zugriffsprotokoll_anonymisieren(integer),
  dihs_laufzeitrechte(name) FROM PUBLIC;
