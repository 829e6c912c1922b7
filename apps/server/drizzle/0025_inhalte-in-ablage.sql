-- The contents move from the modules' tables to the object store's PostgreSQL table (lib/object-store), under the
-- keys the modules derive from their ids; the next migration drops the old columns.
INSERT INTO "ablage_objekt" ("pfad", "inhalt") SELECT 'rezept/' || "rezept_id", "inhalt" FROM "rezept_datei";
--> statement-breakpoint
INSERT INTO "ablage_objekt" ("pfad", "inhalt") SELECT 'datei/' || "id", "inhalt" FROM "datei";
