-- CreateTable
CREATE TABLE "SimCall" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "owner" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    "call" TEXT NOT NULL
);

-- CreateIndex
CREATE INDEX "SimCall_owner_at_idx" ON "SimCall"("owner", "at");

-- CreateIndex
CREATE INDEX "SimCall_at_idx" ON "SimCall"("at");
