export const probe = (prisma: { user: { count(): number } }) => prisma.user.count();
