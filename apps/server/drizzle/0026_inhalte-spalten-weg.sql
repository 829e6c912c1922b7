ALTER TABLE "rezept_datei" DROP COLUMN "inhalt";--> statement-breakpoint
ALTER TABLE "datei" DROP COLUMN "inhalt";