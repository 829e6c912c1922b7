-- The object store keeps contents in parts ({key}:{part}); the contents moved by 0025 become part 0 of their key.
UPDATE "ablage_objekt" SET "pfad" = "pfad" || ':00000' WHERE "pfad" NOT LIKE '%:%';
