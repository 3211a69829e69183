-- AlterTable
ALTER TABLE "AgentFile" ADD COLUMN "content" BLOB;
