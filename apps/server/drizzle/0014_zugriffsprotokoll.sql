CREATE TABLE "zugriffsprotokoll" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zugriffsprotokoll_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"zeitpunkt" timestamp with time zone DEFAULT now() NOT NULL,
	"akteur_user_id" integer,
	"akteur_rolle" text NOT NULL,
	"patient_user_id" integer,
	"art" text NOT NULL,
	"aktion" text NOT NULL,
	"datensatz_id" integer,
	"endpunkt" text NOT NULL,
	"adresse" text,
	"ergebnis" text NOT NULL,
	"status" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "zugriffsprotokoll_patient_zeit" ON "zugriffsprotokoll" USING btree ("patient_user_id","zeitpunkt");--> statement-breakpoint
CREATE INDEX "zugriffsprotokoll_akteur_zeit" ON "zugriffsprotokoll" USING btree ("akteur_user_id","zeitpunkt");--> statement-breakpoint
CREATE INDEX "zugriffsprotokoll_zeit" ON "zugriffsprotokoll" USING btree ("zeitpunkt");