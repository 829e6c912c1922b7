-- Issue 13: a published questionnaire definition, a submitted patient questionnaire and a signed anamnesis never
-- change. The services check first and answer 409; these triggers make it true for every writer (SQLSTATE 55000).
-- Deleting a patient's questionnaires and anamnesis stays possible (deletion by the patient or an operator, erasure).
CREATE UNIQUE INDEX fragebogen_definition_ein_entwurf ON fragebogen_definition ((true)) WHERE veroeffentlicht IS NULL;
--> statement-breakpoint
CREATE FUNCTION fragebogen_definition_unveraenderlich() RETURNS trigger AS $$
BEGIN
  IF OLD.veroeffentlicht IS NOT NULL THEN
    RAISE EXCEPTION 'Ein veröffentlichter Fragebogen kann nicht mehr geändert werden.' USING ERRCODE = '55000';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER fragebogen_definition_unveraenderlich BEFORE UPDATE OR DELETE ON fragebogen_definition
  FOR EACH ROW EXECUTE FUNCTION fragebogen_definition_unveraenderlich();
--> statement-breakpoint
CREATE FUNCTION fragebogen_frage_unveraenderlich() RETURNS trigger AS $$
DECLARE
  betroffen integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    betroffen := ARRAY[NEW.fragebogen_id];
  ELSIF TG_OP = 'UPDATE' THEN
    betroffen := ARRAY[OLD.fragebogen_id, NEW.fragebogen_id];
  ELSE
    betroffen := ARRAY[OLD.fragebogen_id];
  END IF;
  IF EXISTS (SELECT 1 FROM fragebogen_definition WHERE id = ANY(betroffen) AND veroeffentlicht IS NOT NULL) THEN
    RAISE EXCEPTION 'Ein veröffentlichter Fragebogen kann nicht mehr geändert werden.' USING ERRCODE = '55000';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER fragebogen_frage_unveraenderlich BEFORE INSERT OR UPDATE OR DELETE ON fragebogen_frage
  FOR EACH ROW EXECUTE FUNCTION fragebogen_frage_unveraenderlich();
--> statement-breakpoint
CREATE FUNCTION patient_fragebogen_abgegeben() RETURNS trigger AS $$
BEGIN
  IF OLD.veroeffentlicht IS NOT NULL THEN
    RAISE EXCEPTION 'Ein abgegebener Befundfragebogen kann nicht mehr geändert werden.' USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER patient_fragebogen_abgegeben BEFORE UPDATE ON patient_fragebogen
  FOR EACH ROW EXECUTE FUNCTION patient_fragebogen_abgegeben();
--> statement-breakpoint
-- Answers: no insert or change under a submitted questionnaire; a delete only when the questionnaire itself is
-- being deleted (the cascade runs after its row is gone, so the lookup finds nothing).
CREATE FUNCTION patient_fragebogen_antwort_abgegeben() RETURNS trigger AS $$
DECLARE
  bogen integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    bogen := OLD.patient_fragebogen_id;
  ELSE
    bogen := NEW.patient_fragebogen_id;
  END IF;
  IF EXISTS (SELECT 1 FROM patient_fragebogen WHERE id = bogen AND veroeffentlicht IS NOT NULL)
     OR (TG_OP = 'UPDATE' AND EXISTS (
       SELECT 1 FROM patient_fragebogen WHERE id = OLD.patient_fragebogen_id AND veroeffentlicht IS NOT NULL)) THEN
    RAISE EXCEPTION 'Ein abgegebener Befundfragebogen kann nicht mehr geändert werden.' USING ERRCODE = '55000';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER patient_fragebogen_antwort_abgegeben BEFORE INSERT OR UPDATE OR DELETE ON patient_fragebogen_antwort
  FOR EACH ROW EXECUTE FUNCTION patient_fragebogen_antwort_abgegeben();
--> statement-breakpoint
CREATE FUNCTION anamnese_unterschrieben() RETURNS trigger AS $$
BEGIN
  IF OLD.unterschrieben THEN
    RAISE EXCEPTION 'Der Anamnesebogen ist unterschrieben und kann nicht mehr geändert werden.' USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER anamnese_unterschrieben BEFORE UPDATE ON anamnese
  FOR EACH ROW EXECUTE FUNCTION anamnese_unterschrieben();
