-- CreateTable
CREATE TABLE "SimCall" (
    "id" SERIAL NOT NULL,
    "owner" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "call" TEXT NOT NULL,

    CONSTRAINT "SimCall_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SimCall_owner_at_idx" ON "SimCall"("owner", "at");

-- CreateIndex
CREATE INDEX "SimCall_at_idx" ON "SimCall"("at");
