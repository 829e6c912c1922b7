CREATE TABLE "trainingsplan_eintrag" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trainingsplan_eintrag_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"set_id" integer NOT NULL,
	"uebung_id" integer NOT NULL,
	"position" integer NOT NULL,
	"dauer" integer NOT NULL,
	"anzahl" integer NOT NULL,
	"pause" integer NOT NULL,
	"wiederholungen" integer NOT NULL,
	"information" text DEFAULT '' NOT NULL,
	CONSTRAINT "plan_eintrag_zahlen" CHECK ("trainingsplan_eintrag"."position" >= 1 and "trainingsplan_eintrag"."dauer" >= 0 and "trainingsplan_eintrag"."anzahl" >= 0 and "trainingsplan_eintrag"."pause" >= 0 and "trainingsplan_eintrag"."wiederholungen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trainingsplan_erledigt" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trainingsplan_erledigt_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"eintrag_id" integer NOT NULL,
	"patient_user_id" integer NOT NULL,
	"tag" date NOT NULL,
	"schmerz" smallint,
	"erfasst_am" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainingsplan_erledigt_schmerz" CHECK ("trainingsplan_erledigt"."schmerz" is null or ("trainingsplan_erledigt"."schmerz" between 0 and 10))
);
--> statement-breakpoint
CREATE TABLE "trainingsplan_set" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trainingsplan_set_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_user_id" integer NOT NULL,
	"therapeut_user_id" integer,
	"valid_from" timestamp with time zone NOT NULL,
	"erstellt_am" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uebung" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "uebung_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"titel" text NOT NULL,
	"beschreibung" text NOT NULL,
	"video_url" text NOT NULL,
	"vorschau_bild" text,
	"erstellt_von" integer
);
--> statement-breakpoint
CREATE TABLE "trainingsplan_vorlage_uebung" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trainingsplan_vorlage_uebung_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vorlage_id" integer NOT NULL,
	"uebung_id" integer NOT NULL,
	"position" integer NOT NULL,
	"dauer" integer NOT NULL,
	"anzahl" integer NOT NULL,
	"pause" integer NOT NULL,
	"wiederholungen" integer NOT NULL,
	"information" text DEFAULT '' NOT NULL,
	CONSTRAINT "vorlage_uebung_zahlen" CHECK ("trainingsplan_vorlage_uebung"."position" >= 1 and "trainingsplan_vorlage_uebung"."dauer" >= 0 and "trainingsplan_vorlage_uebung"."anzahl" >= 0 and "trainingsplan_vorlage_uebung"."pause" >= 0 and "trainingsplan_vorlage_uebung"."wiederholungen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trainingsplan_vorlage" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trainingsplan_vorlage_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"therapeut_user_id" integer NOT NULL,
	"befund" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trainingsplan_eintrag" ADD CONSTRAINT "trainingsplan_eintrag_set_id_trainingsplan_set_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."trainingsplan_set"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainingsplan_eintrag" ADD CONSTRAINT "trainingsplan_eintrag_uebung_id_uebung_id_fk" FOREIGN KEY ("uebung_id") REFERENCES "public"."uebung"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainingsplan_erledigt" ADD CONSTRAINT "trainingsplan_erledigt_eintrag_id_trainingsplan_eintrag_id_fk" FOREIGN KEY ("eintrag_id") REFERENCES "public"."trainingsplan_eintrag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainingsplan_erledigt" ADD CONSTRAINT "trainingsplan_erledigt_patient_user_id_benutzer_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."benutzer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainingsplan_set" ADD CONSTRAINT "trainingsplan_set_patient_user_id_benutzer_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."benutzer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainingsplan_set" ADD CONSTRAINT "trainingsplan_set_therapeut_user_id_benutzer_id_fk" FOREIGN KEY ("therapeut_user_id") REFERENCES "public"."benutzer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uebung" ADD CONSTRAINT "uebung_erstellt_von_benutzer_id_fk" FOREIGN KEY ("erstellt_von") REFERENCES "public"."benutzer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainingsplan_vorlage_uebung" ADD CONSTRAINT "trainingsplan_vorlage_uebung_vorlage_id_trainingsplan_vorlage_id_fk" FOREIGN KEY ("vorlage_id") REFERENCES "public"."trainingsplan_vorlage"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainingsplan_vorlage_uebung" ADD CONSTRAINT "trainingsplan_vorlage_uebung_uebung_id_uebung_id_fk" FOREIGN KEY ("uebung_id") REFERENCES "public"."uebung"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainingsplan_vorlage" ADD CONSTRAINT "trainingsplan_vorlage_therapeut_user_id_benutzer_id_fk" FOREIGN KEY ("therapeut_user_id") REFERENCES "public"."benutzer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trainingsplan_eintrag_set" ON "trainingsplan_eintrag" USING btree ("set_id","position");--> statement-breakpoint
CREATE INDEX "trainingsplan_eintrag_uebung" ON "trainingsplan_eintrag" USING btree ("uebung_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trainingsplan_erledigt_eintrag_tag" ON "trainingsplan_erledigt" USING btree ("eintrag_id","tag");--> statement-breakpoint
CREATE INDEX "trainingsplan_erledigt_patient" ON "trainingsplan_erledigt" USING btree ("patient_user_id","tag");--> statement-breakpoint
CREATE INDEX "trainingsplan_set_patient" ON "trainingsplan_set" USING btree ("patient_user_id","valid_from");--> statement-breakpoint
CREATE INDEX "trainingsplan_set_therapeut" ON "trainingsplan_set" USING btree ("therapeut_user_id","patient_user_id");--> statement-breakpoint
CREATE INDEX "uebung_titel" ON "uebung" USING btree (lower("titel"));--> statement-breakpoint
CREATE INDEX "trainingsplan_vorlage_uebung_vorlage" ON "trainingsplan_vorlage_uebung" USING btree ("vorlage_id","position");--> statement-breakpoint
CREATE INDEX "trainingsplan_vorlage_therapeut" ON "trainingsplan_vorlage" USING btree ("therapeut_user_id");