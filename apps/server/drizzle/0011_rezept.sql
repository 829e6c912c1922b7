CREATE TABLE "rezept_datei" (
	"rezept_id" integer PRIMARY KEY NOT NULL,
	"inhalt" "bytea" NOT NULL,
	"schluessel" "bytea" NOT NULL,
	"schluessel_version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rezept" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rezept_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_user_id" integer NOT NULL,
	"original_filename" text NOT NULL,
	"media_type" text NOT NULL,
	"anmerkung" text NOT NULL,
	"status" text DEFAULT 'NEU' NOT NULL,
	"eingereicht" timestamp with time zone DEFAULT now() NOT NULL,
	"gebucht" timestamp with time zone,
	"gutschrift_einzel" integer DEFAULT 0 NOT NULL,
	"gutschrift_gruppe" integer DEFAULT 0 NOT NULL,
	"gutschrift_befund" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rezept_datei" ADD CONSTRAINT "rezept_datei_rezept_id_rezept_id_fk" FOREIGN KEY ("rezept_id") REFERENCES "public"."rezept"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rezept" ADD CONSTRAINT "rezept_patient_user_id_benutzer_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."benutzer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rezept_patient" ON "rezept" USING btree ("patient_user_id");--> statement-breakpoint
CREATE INDEX "rezept_status" ON "rezept" USING btree ("status","eingereicht");