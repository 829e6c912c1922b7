CREATE TABLE "ablage_objekt" (
	"pfad" text PRIMARY KEY NOT NULL,
	"inhalt" "bytea" NOT NULL
);
