CREATE TABLE "fragebogen_definition" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fragebogen_definition_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"titel" text NOT NULL,
	"veroeffentlicht" timestamp with time zone,
	"erstellt_am" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fragebogen_frage" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fragebogen_frage_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"fragebogen_id" integer NOT NULL,
	"frage" text NOT NULL,
	"typ" text NOT NULL,
	"position" integer,
	"abhaengig_von_frage_id" integer,
	"abhaengig_von_bedingung" boolean,
	"aktiv" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_fragebogen" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patient_fragebogen_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_user_id" integer NOT NULL,
	"definition_id" integer NOT NULL,
	"titel" text NOT NULL,
	"erstellt_am" timestamp with time zone DEFAULT now() NOT NULL,
	"erstellt_von" integer,
	"veroeffentlicht" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "patient_fragebogen_antwort" (
	"patient_fragebogen_id" integer NOT NULL,
	"frage_id" integer NOT NULL,
	"antwort" jsonb NOT NULL,
	CONSTRAINT "patient_fragebogen_antwort_patient_fragebogen_id_frage_id_pk" PRIMARY KEY("patient_fragebogen_id","frage_id")
);
--> statement-breakpoint
CREATE TABLE "anamnese" (
	"patient_user_id" integer PRIMARY KEY NOT NULL,
	"angaben" jsonb NOT NULL,
	"datenschutz" boolean NOT NULL,
	"unterschrieben" boolean DEFAULT false NOT NULL,
	"unterschrieben_am" timestamp with time zone,
	"geaendert_am" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fragebogen_frage" ADD CONSTRAINT "fragebogen_frage_fragebogen_id_fragebogen_definition_id_fk" FOREIGN KEY ("fragebogen_id") REFERENCES "public"."fragebogen_definition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fragebogen_frage" ADD CONSTRAINT "fragebogen_frage_abhaengig_von_frage_id_fragebogen_frage_id_fk" FOREIGN KEY ("abhaengig_von_frage_id") REFERENCES "public"."fragebogen_frage"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_fragebogen" ADD CONSTRAINT "patient_fragebogen_patient_user_id_benutzer_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."benutzer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_fragebogen" ADD CONSTRAINT "patient_fragebogen_definition_id_fragebogen_definition_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."fragebogen_definition"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_fragebogen" ADD CONSTRAINT "patient_fragebogen_erstellt_von_benutzer_id_fk" FOREIGN KEY ("erstellt_von") REFERENCES "public"."benutzer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_fragebogen_antwort" ADD CONSTRAINT "patient_fragebogen_antwort_patient_fragebogen_id_patient_fragebogen_id_fk" FOREIGN KEY ("patient_fragebogen_id") REFERENCES "public"."patient_fragebogen"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_fragebogen_antwort" ADD CONSTRAINT "patient_fragebogen_antwort_frage_id_fragebogen_frage_id_fk" FOREIGN KEY ("frage_id") REFERENCES "public"."fragebogen_frage"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anamnese" ADD CONSTRAINT "anamnese_patient_user_id_benutzer_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."benutzer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fragebogen_frage_fragebogen" ON "fragebogen_frage" USING btree ("fragebogen_id");--> statement-breakpoint
CREATE INDEX "patient_fragebogen_patient" ON "patient_fragebogen" USING btree ("patient_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_fragebogen_ein_entwurf" ON "patient_fragebogen" USING btree ("patient_user_id") WHERE "patient_fragebogen"."veroeffentlicht" is null;