CREATE TABLE "datei" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "datei_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dateiname" text NOT NULL,
	"pfadname" text NOT NULL,
	"beschreibung" text NOT NULL,
	"media_type" text NOT NULL,
	"inhalt" "bytea" NOT NULL,
	"erstellt_am" timestamp with time zone DEFAULT now() NOT NULL
);
