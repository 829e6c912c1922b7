-- A submitted questionnaire stays as it was, but who started it is account data, not part of the answers: when that
-- account is deleted, the foreign key's ON DELETE SET NULL must still clear erstellt_von.
CREATE OR REPLACE FUNCTION patient_fragebogen_abgegeben() RETURNS trigger AS $$
BEGIN
  IF OLD.veroeffentlicht IS NOT NULL
     AND (NEW.id, NEW.patient_user_id, NEW.definition_id, NEW.titel, NEW.erstellt_am, NEW.veroeffentlicht)
       IS DISTINCT FROM (OLD.id, OLD.patient_user_id, OLD.definition_id, OLD.titel, OLD.erstellt_am, OLD.veroeffentlicht)
  THEN
    RAISE EXCEPTION 'Ein abgegebener Befundfragebogen kann nicht mehr geändert werden.' USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
