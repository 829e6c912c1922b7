CREATE TABLE "statistik_ereignis" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statistik_ereignis_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"zeitpunkt" timestamp with time zone DEFAULT now() NOT NULL,
	"typ" smallint NOT NULL,
	"aktion_id" text,
	"firma_id" integer
);
--> statement-breakpoint
ALTER TABLE "statistik_ereignis" ADD CONSTRAINT "statistik_ereignis_firma_id_firma_id_fk" FOREIGN KEY ("firma_id") REFERENCES "public"."firma"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statistik_ereignis_zeitpunkt" ON "statistik_ereignis" USING btree ("zeitpunkt");