-- The audit log is append-only (issue 18 item 10): no UPDATE, DELETE or TRUNCATE through the application. Only the
-- retention job and a patient erasure may change rows, and only inside a transaction that set the flag with
-- set_config('dihs.protokoll_pflege', 'an', true) (transaction-local: it ends with the commit or rollback).
CREATE FUNCTION zugriffsprotokoll_nur_anfuegen() RETURNS trigger AS $$
BEGIN
  IF coalesce(current_setting('dihs.protokoll_pflege', true), '') = 'an' THEN
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'Das Zugriffsprotokoll kann nur ergänzt, nicht geändert werden.' USING ERRCODE = '42501';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER zugriffsprotokoll_nur_anfuegen BEFORE UPDATE OR DELETE ON zugriffsprotokoll
  FOR EACH ROW EXECUTE FUNCTION zugriffsprotokoll_nur_anfuegen();
--> statement-breakpoint
CREATE TRIGGER zugriffsprotokoll_kein_leeren BEFORE TRUNCATE ON zugriffsprotokoll
  FOR EACH STATEMENT EXECUTE FUNCTION zugriffsprotokoll_nur_anfuegen();
