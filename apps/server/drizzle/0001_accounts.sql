CREATE TABLE "dokumentation" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dokumentation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_user_id" integer NOT NULL,
	"autor_user_id" integer,
	"von_betreiber" boolean DEFAULT false NOT NULL,
	"beitrag" text NOT NULL,
	"datum" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profil" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"vorname" text DEFAULT '' NOT NULL,
	"nachname" text DEFAULT '' NOT NULL,
	"strasse" text DEFAULT '' NOT NULL,
	"hausnummer" text DEFAULT '' NOT NULL,
	"plz" text DEFAULT '' NOT NULL,
	"ort" text DEFAULT '' NOT NULL,
	"land" text DEFAULT '' NOT NULL,
	"geburtsdatum" date,
	"telefon" text DEFAULT '' NOT NULL,
	"beschreibung" text DEFAULT '' NOT NULL,
	"ausbildung" text DEFAULT '' NOT NULL,
	"schwerpunkte" text DEFAULT '' NOT NULL,
	"listenanzeige" boolean DEFAULT true NOT NULL,
	"profilbild" text,
	"geaendert_am" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "einmal_code" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "einmal_code_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"zweck" text NOT NULL,
	"code_hash" text NOT NULL,
	"neue_email" text,
	"gueltig_bis" timestamp with time zone NOT NULL,
	"verwendet_am" timestamp with time zone,
	"erstellt_am" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_ausgang" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_ausgang_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"empfaenger" text NOT NULL,
	"betreff" text NOT NULL,
	"text" text NOT NULL,
	"versuche" integer DEFAULT 0 NOT NULL,
	"naechster_versuch" timestamp with time zone DEFAULT now() NOT NULL,
	"gesendet_am" timestamp with time zone,
	"letzter_fehler" text,
	"erstellt_am" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loeschauftrag" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loeschauftrag_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_user_id" integer NOT NULL,
	"status" text DEFAULT 'gestartet' NOT NULL,
	"gestartet_von" integer,
	"gestartet_am" timestamp with time zone DEFAULT now() NOT NULL,
	"beendet_am" timestamp with time zone,
	"letzter_fehler" text,
	CONSTRAINT "loeschauftrag_patient_user_id_unique" UNIQUE("patient_user_id")
);
--> statement-breakpoint
ALTER TABLE "benutzer" ADD COLUMN "geloescht_am" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dokumentation" ADD CONSTRAINT "dokumentation_patient_user_id_benutzer_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."benutzer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dokumentation" ADD CONSTRAINT "dokumentation_autor_user_id_benutzer_id_fk" FOREIGN KEY ("autor_user_id") REFERENCES "public"."benutzer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profil" ADD CONSTRAINT "profil_user_id_benutzer_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."benutzer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einmal_code" ADD CONSTRAINT "einmal_code_user_id_benutzer_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."benutzer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "einmal_code_hash_unique" ON "einmal_code" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "einmal_code_user" ON "einmal_code" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_ausgang_offen" ON "mail_ausgang" USING btree ("gesendet_am","naechster_versuch");