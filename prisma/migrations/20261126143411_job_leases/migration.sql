-- AlterTable
ALTER TABLE "DownloadJob" ADD COLUMN "leaseExpiresAt" DATETIME;
ALTER TABLE "DownloadJob" ADD COLUMN "leaseOwner" TEXT;
